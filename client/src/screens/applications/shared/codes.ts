import type { TFunction } from 'i18next';

/** Application codes as the GraphQL enums name them, in their legacy number order (docs/schools.md). */
export const STATES = ['APPLYING', 'SCHOOL_REJECTED', 'STUDENT_REJECTED', 'APPROVED'] as const;
export type AppState = (typeof STATES)[number];
export const DOC_STATES = ['NOT_STARTED', 'IN_PROGRESS', 'SUBMITTED', 'CONFIRMED'] as const;
export const DOC_TYPES = ['STUDENT', 'INTERVIEW', 'PARENT', 'RECOMMEND', 'REPLENISH'] as const;
export const INTERVIEWS = ['NONE', 'TO_ARRANGE', 'ARRANGED', 'DONE', 'WAIVED'] as const;
export const INQUIRIES = ['NONE', 'SENT', 'ANSWERED'] as const;
export const THIRD_INTERVIEWS = ['NONE', 'ARRANGED', 'DONE', 'NOT_REQUIRED'] as const;
export const SUBMIT_RESULTS = ['NOT_SUBMITTED', 'SUBMITTED', 'RECEIVED'] as const;
export const BOARDS = ['BOARDING', 'DAY'] as const;

/**
 * The state moves the server allows (docs/schools.md: 1→2, 1→3, 1→4, 4→3; rejections are
 * final). The Application type has no "transitions the viewer may make" field, so the client
 * offers these and the server still decides (a refusal shows in the dialog).
 */
export const NEXT_STATES: Record<AppState, readonly AppState[]> = {
  APPLYING: ['APPROVED', 'SCHOOL_REJECTED', 'STUDENT_REJECTED'],
  APPROVED: ['STUDENT_REJECTED'],
  SCHOOL_REJECTED: [],
  STUDENT_REJECTED: [],
};
export const isRejection = (s: AppState) => s === 'SCHOOL_REJECTED' || s === 'STUDENT_REJECTED';

export const STATE_PALETTE: Record<AppState, string> = { APPLYING: 'blue', SCHOOL_REJECTED: 'red', STUDENT_REJECTED: 'orange', APPROVED: 'green' };

/** A log line's value (legacy numbers as text) in the viewer's words, by the field it changed. */
export function logValue(field: string | null, action: string, value: string | null, t: TFunction): string {
  if (value == null || value === '') return '—';
  const n = Number(value);
  const pick = (list: readonly string[], prefix: string, offset = 0) => (Number.isInteger(n) && list[n - offset] ? t(`${prefix}.${list[n - offset]}`) : value);
  if (action === 'STATE' || field === 'state') return pick(STATES, 'schoolsUi.state', 1);
  if (action === 'DOC_STATE' || (field && /DocState$/.test(field))) return pick(DOC_STATES, 'schoolsUi.docState');
  switch (field) {
    case 'interview':
      return pick(INTERVIEWS, 'archivesUi.batch.interview');
    case 'inquiry':
      return pick(INQUIRIES, 'archivesUi.batch.inquiry');
    case 'thirdInterview':
      return pick(THIRD_INTERVIEWS, 'archivesUi.batch.thirdInterview');
    case 'submitResult':
      return pick(SUBMIT_RESULTS, 'archivesUi.batch.submitResult');
    case 'board':
      return pick(BOARDS, 'schoolsUi.board', 1);
    case 'platform':
      return pick(['SAO', 'GATEWAY', 'RAVENNA', 'SCHOOL'], 'schoolsUi.platform', 1);
    case 'grade':
      return n === 13 ? 'PG' : value;
    default:
      return value;
  }
}

/** The name of the field a log line changed. */
export function logField(field: string | null, action: string, t: TFunction): string {
  // A document status line names its document (the log's field is the document type).
  const doc = field && /^(student|interview|parent|recommend|replenish)(DocState)?$/i.exec(field);
  if (action === 'DOC_STATE' && doc) return t(`schoolsUi.doc.${doc[1]!.toUpperCase()}`);
  return t(`schoolsUi.action.${action}`, { defaultValue: action });
}
