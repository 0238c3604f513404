import { DateTime } from 'luxon';
import { ValidationError } from '../errors.ts';

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

/** `yyyy-MM-dd HH:mm:ss` in the given IANA zone. */
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

export function formatDateTime(date: Date | null | undefined, timeZone: string): string | null {
  if (!date) return null;
  let format = dateTimeFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23',
    });
    dateTimeFormats.set(timeZone, format);
  }
  const parts = format.formatToParts(date);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '00';
  return `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')}:${get('second')}`;
}

/** `yyyy-MM-dd` of a calendar day stored as a date. */
export function formatDate(date: Date | null | undefined): string | null {
  return date ? date.toISOString().slice(0, 10) : null;
}

/**
 * Reads a legacy date-time (`yyyy-MM-dd HH:mm:ss`, or a bare `yyyy-MM-dd`) as a wall time in
 * the caller's zone. A bare day means its start, or its end when `endOfDay` is set.
 * Empty means "not given"; anything else unreadable is refused naming the legacy field.
 */
export function parseLegacyDateTime(value: unknown, field: string, timeZone: string, endOfDay = false): Date | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') throw new ValidationError('validation.invalid', { field });
  const text = value.trim();
  let dt = DateTime.fromFormat(text, 'yyyy-MM-dd HH:mm:ss', { zone: timeZone });
  if (!dt.isValid) {
    const day = DateTime.fromFormat(text, 'yyyy-MM-dd', { zone: timeZone });
    dt = endOfDay ? day.endOf('day') : day.startOf('day');
  }
  if (!dt.isValid) throw new ValidationError('validation.invalid', { field });
  return dt.toJSDate();
}
