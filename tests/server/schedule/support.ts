import { encodeGlobalID } from '@pothos/plugin-relay';
import { expect } from 'vitest';
import { gql, type TestApp } from '../../helpers/app.ts';

export const gid = (type: string, id: number) => encodeGlobalID(type, id);

export async function userId(t: TestApp, account: string): Promise<number> {
  return (await t.db.user.findUniqueOrThrow({ where: { account }, select: { id: true } })).id;
}

export const EVENT_FIELDS = `id databaseId title startAt endAt startLocal endLocal published isException originalStart timeZone allDay isOpen
  participants { user { databaseId } } series { databaseId rrule exdates }`;

export type EventJson = {
  id: string;
  databaseId: number;
  title: string;
  startAt: string;
  endAt: string;
  startLocal: string;
  endLocal: string;
  published: boolean;
  isException: boolean;
  originalStart: string | null;
  timeZone: string;
  allDay: boolean;
  isOpen: boolean;
  participants: Array<{ user: { databaseId: number } }>;
  series: { databaseId: number; rrule: string; exdates: string[] } | null;
};

export type ConflictJson = { occurrence: number; kind: string; userName: string | null; title: string | null; start: string; event: { databaseId: number } | null };

export type SaveResultJson = {
  __typename: string;
  code?: string;
  message?: string;
  total?: number;
  conflicts?: ConflictJson[];
  events?: EventJson[];
  series?: { databaseId: number; rrule: string; exdates: string[] } | null;
};

const SAVE_SELECTION = `__typename
  ... on Error { code message }
  ... on ScheduleConflictError { total conflicts { occurrence kind userName title start event { databaseId } } }
  ... on WorkEventSavePayload { events { ${EVENT_FIELDS} } series { databaseId rrule exdates } }`;

export async function createEvent(t: TestApp, token: string, input: Record<string, unknown>): Promise<SaveResultJson> {
  const res = await gql<{ createWorkEvent: SaveResultJson }>(t, `mutation($input: CreateWorkEventInput!) { createWorkEvent(input: $input) { ${SAVE_SELECTION} } }`, { input }, { token });
  expect(res.body.errors).toBeUndefined();
  return res.body.data!.createWorkEvent;
}

export async function updateEvent(t: TestApp, token: string, input: Record<string, unknown>): Promise<SaveResultJson> {
  const res = await gql<{ updateWorkEvent: SaveResultJson }>(t, `mutation($input: UpdateWorkEventInput!) { updateWorkEvent(input: $input) { ${SAVE_SELECTION} } }`, { input }, { token });
  expect(res.body.errors).toBeUndefined();
  return res.body.data!.updateWorkEvent;
}

export async function deleteEvent(t: TestApp, token: string, input: Record<string, unknown>) {
  const res = await gql<{ deleteWorkEvent: { __typename: string; deletedIds?: string[]; seriesDeleted?: boolean; code?: string; series?: { exdates: string[]; rrule: string } | null } }>(
    t,
    `mutation($input: DeleteWorkEventInput!) { deleteWorkEvent(input: $input) { __typename ... on Error { code message }
      ... on DeleteWorkEventPayload { deletedIds seriesDeleted series { rrule exdates } } } }`,
    { input },
    { token },
  );
  expect(res.body.errors).toBeUndefined();
  return res.body.data!.deleteWorkEvent;
}

export async function calendar(t: TestApp, token: string, vars: Record<string, unknown>) {
  const res = await gql<{ calendar: { timeZone: string; events: EventJson[]; scheduleEntries: Array<{ databaseId: number }> } }>(
    t,
    `query($from: DateTime!, $to: DateTime!, $userIds: [ID!], $timeZone: String) {
      calendar(from: $from, to: $to, userIds: $userIds, timeZone: $timeZone) {
        timeZone events { ${EVENT_FIELDS.replace('startLocal endLocal', 'startLocal(timeZone: $timeZone) endLocal(timeZone: $timeZone)')} } scheduleEntries { databaseId }
      } }`,
    vars,
    { token },
  );
  return res;
}
