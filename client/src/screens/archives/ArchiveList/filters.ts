import type { ArchiveOrder as SchemaArchiveOrder } from './__generated__/ArchiveListQuery.graphql.ts';

/** The archive list's URL state (useUrlState) and the GraphQL filter it means. */
export const LIST_DEFAULTS = { q: '', status: '', applying: '', grade: '', year: '', consultant: '', sales: '', locked: '', type: '', verification: '', sort: '' };

/** The verification states the list filters by (the server's ArchiveVerificationState). */
export const VERIFICATION_STATES = ['NONE', 'UNVERIFIED', 'VERIFYING', 'VERIFIED'] as const;
export type ListState = { readonly [K in keyof typeof LIST_DEFAULTS]: string };

export type ArchiveFilterInput = {
  search?: string;
  status?: 'UNPUBLISHED' | 'PUBLISHED' | 'SUSPENDED' | 'ARCHIVED';
  applyingStatus?: 'IN_PROGRESS' | 'SUSPENDED' | 'STOPPED';
  grade?: number;
  year?: number;
  consultantId?: string;
  salespersonId?: string;
  locked?: boolean;
  applicationType?: 'APPLICATION' | 'RETAIL';
  verification?: (typeof VERIFICATION_STATES)[number];
};

const int = (v: string) => (/^\d{1,4}$/.test(v) ? Number(v) : undefined);

export function filterOf(s: ListState): ArchiveFilterInput {
  const f: ArchiveFilterInput = {};
  if (s.q.trim()) f.search = s.q.trim();
  if (['UNPUBLISHED', 'PUBLISHED', 'SUSPENDED', 'ARCHIVED'].includes(s.status)) f.status = s.status as ArchiveFilterInput['status'];
  if (['IN_PROGRESS', 'SUSPENDED', 'STOPPED'].includes(s.applying)) f.applyingStatus = s.applying as ArchiveFilterInput['applyingStatus'];
  if (int(s.grade) !== undefined) f.grade = int(s.grade);
  if (int(s.year) !== undefined) f.year = int(s.year);
  if (s.consultant) f.consultantId = s.consultant;
  if (s.sales) f.salespersonId = s.sales;
  if (s.locked === 'yes' || s.locked === 'no') f.locked = s.locked === 'yes';
  if (s.type === 'APPLICATION' || s.type === 'RETAIL') f.applicationType = s.type;
  if ((VERIFICATION_STATES as readonly string[]).includes(s.verification)) f.verification = s.verification as ArchiveFilterInput['verification'];
  return f;
}

/** The server's list orders (ArchiveOrder, from the schema). */
export type ArchiveOrder = Exclude<SchemaArchiveOrder, '%future added value'>;

const ORDER_OF_COLUMN: Record<string, [ArchiveOrder, ArchiveOrder]> = {
  name: ['NAME', 'NAME_DESC'],
  grade: ['GRADE', 'GRADE_DESC'],
  year: ['YEAR', 'YEAR_DESC'],
  consultant: ['CONSULTANT', 'CONSULTANT_DESC'],
  updated: ['UPDATED', 'UPDATED_DESC'],
  status: ['STATUS', 'STATUS_DESC'],
  salesperson: ['SALESPERSON', 'SALESPERSON_DESC'],
};

/** The URL's `sort` values the list offers (the headers on wide screens, a select on a phone). */
export const SORTS = [
  'name:asc',
  'name:desc',
  'grade:asc',
  'grade:desc',
  'year:asc',
  'year:desc',
  'consultant:asc',
  'consultant:desc',
  'salesperson:asc',
  'salesperson:desc',
  'status:asc',
  'status:desc',
  'updated:desc',
  'updated:asc',
] as const;

/** The server's order for the URL's `sort` (`column:asc|desc`); none (newest first) when it names no sortable column. */
export function orderOf(sort: string): ArchiveOrder | undefined {
  const [key, dir] = sort.split(':');
  const pair = key ? ORDER_OF_COLUMN[key] : undefined;
  return pair ? pair[dir === 'desc' ? 1 : 0] : undefined;
}
