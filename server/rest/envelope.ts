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
/** The largest page the old client asks for (the project list's 8388607). */
export const MAX_PAGE_SIZE = 8388607;

export function readPage(params: Record<string, unknown>): { currentPage: number; pageSize: number } {
  const pr = (params.pageResult ?? {}) as Record<string, unknown>;
  const current = Number(pr.currentPage ?? params.currentPage ?? 1);
  const size = Number(pr.pageSize ?? params.pageSize ?? DEFAULT_PAGE_SIZE);
  return {
    currentPage: Number.isInteger(current) && current >= 1 ? Math.min(current, 1_000_000) : 1,
    pageSize: Number.isInteger(size) && size >= 1 ? Math.min(size, MAX_PAGE_SIZE) : DEFAULT_PAGE_SIZE,
  };
}

/** A page of a legacy list: the requested page, the total as `rows` and this page's rows. */
export function pageJson<T>(page: { currentPage: number; pageSize: number }, total: number, resultList: T[]): Page<T> {
  return { currentPage: page.currentPage, pageSize: page.pageSize, rows: total, resultList };
}
