/** The legacy answer: always this shape, HTTP 200 for known paths whatever the outcome. */
export type EnvelopeStatus = 'success' | 'needUserLogin' | 'tokenExpire' | 'error' | 'warn';
export type Envelope = { status: EnvelopeStatus; message: string; data: unknown };

export function envelope(status: EnvelopeStatus, message: string, data: unknown = null, httpStatus = 200): Response {
  const body: Envelope = { status, message, data };
  return new Response(JSON.stringify(body), {
    status: httpStatus,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
  });
}

/** Paged lists: `{currentPage, pageSize, rows: total, resultList}`. */
export type Page<T> = { currentPage: number; pageSize: number; rows: number; resultList: T[] };

export const DEFAULT_PAGE_SIZE = 20;
/** The largest page size a request may name: the old project list asks for 8388607 to mean "all". */
export const MAX_PAGE_SIZE = 8388607;
/**
 * The most rows one page answers, whatever size was asked (docs/security.md): "all" is read as
 * the first 1000 rows, and `rows` still says how many there are.
 */
export const MAX_PAGE_ROWS = 1000;

/**
 * `pageSize` is the size the rows are read with (at most MAX_PAGE_ROWS); `requestedPageSize`
 * the size the request named, answered back in the page as the old server did.
 */
export type PageRequest = { currentPage: number; pageSize: number; requestedPageSize: number };

export function readPage(params: Record<string, unknown>): PageRequest {
  const pr = (params.pageResult ?? {}) as Record<string, unknown>;
  const current = Number(pr.currentPage ?? params.currentPage ?? 1);
  const size = Number(pr.pageSize ?? params.pageSize ?? DEFAULT_PAGE_SIZE);
  const requested = Number.isInteger(size) && size >= 1 ? Math.min(size, MAX_PAGE_SIZE) : DEFAULT_PAGE_SIZE;
  return {
    currentPage: Number.isInteger(current) && current >= 1 ? Math.min(current, 1_000_000) : 1,
    pageSize: Math.min(requested, MAX_PAGE_ROWS),
    requestedPageSize: requested,
  };
}

/** A page of a legacy list: the requested page, the total as `rows` and this page's rows. */
export function pageJson<T>(page: { currentPage: number; pageSize: number; requestedPageSize?: number }, total: number, resultList: T[]): Page<T> {
  return { currentPage: page.currentPage, pageSize: page.requestedPageSize ?? page.pageSize, rows: total, resultList };
}
