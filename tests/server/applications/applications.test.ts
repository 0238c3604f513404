/**
 * Applications through GraphQL: every transition and refusal, batch atomicity, locks, the
 * same school twice, platforms, documents and tracks, and who may change whose applications.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, gql, loginRest, type TestApp } from '../../helpers/app.ts';
import { expectNoInternals, globalId } from '../support.ts';
import { makeArchive, schoolByName, tokens, type Tokens } from '../schools/support.ts';

let t: TestApp;
let tk: Tokens;

beforeAll(async () => {
  t = await createTestApp();
  tk = await tokens(t);
});
afterAll(async () => {
  await t.close();
});

const APP_FIELDS =
  'id databaseId state stateLabel rejectReason interview interviewAt inquiry thirdInterview submitResult board platform grade deadline orderNum locked progress studentDocState logs { action field fromValue toValue note userName }';
const PAYLOAD = `__typename ... on ApplicationPayload { application { ${APP_FIELDS} } applications { databaseId state inquiry interview submitResult } logs { action field fromValue toValue } } ... on Error { code message }`;

type AppPayload = {
  __typename: string;
  code?: string;
  message?: string;
  application?: {
    id: string;
    databaseId: number;
    state: string;
    rejectReason: string | null;
    interview: string;
    inquiry: string;
    platform: string | null;
    locked: boolean;
    progress: number;
    deadline: string | null;
    logs: Array<{ action: string; field: string | null; fromValue: string | null; toValue: string | null; note: string | null; userName: string | null }>;
  };
  applications?: Array<{ databaseId: number; state: string; inquiry: string; interview: string; submitResult: string }>;
  logs?: Array<{ action: string; field: string | null; fromValue: string | null; toValue: string | null }>;
};

async function mutate(token: string, name: string, input: Record<string, unknown>, inputType = `${name[0]?.toUpperCase()}${name.slice(1)}Input`): Promise<AppPayload> {
  const res = await gql<Record<string, AppPayload>>(t, `mutation($input: ${inputType}!) { ${name}(input: $input) { ${PAYLOAD} } }`, { input }, { token });
  expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
  return res.body.data?.[name] as AppPayload;
}

async function newApplication(token: string, archiveId: number, school: string, extra: Record<string, unknown> = {}): Promise<AppPayload> {
  return mutate(token, 'createApplication', { archiveId: globalId('Archive', archiveId), schoolId: globalId('School', await schoolByName(t, school)), ...extra });
}

describe('creating applications', () => {
  it('creates with a log line, and refuses the same school twice while one is in progress', async () => {
    const a = await makeArchive(t, 'consultant');
    const first = await newApplication(tk.consultant, a.id, 'Groton School', { grade: 9, board: 'BOARDING' });
    expect(first.__typename).toBe('ApplicationPayload');
    expect(first.application).toMatchObject({ state: 'APPLYING', locked: false, progress: 0 });
    expect(first.application?.logs.map((l) => l.action)).toEqual(['CREATE']);

    const again = await newApplication(tk.consultant, a.id, 'Groton School');
    expect(again).toMatchObject({ __typename: 'RuleError', code: 'SAME_SCHOOL_IN_PROGRESS', message: '该学生已有进行中的Groton School申请' });

    const same = await gql<{ sameSchoolInProgress: { databaseId: number } | null }>(
      t,
      'query($a: ID!, $s: ID!) { sameSchoolInProgress(archiveId: $a, schoolId: $s) { databaseId } }',
      { a: globalId('Archive', a.id), s: globalId('School', await schoolByName(t, 'Groton School')) },
      { token: tk.consultant },
    );
    expect(same.body.data?.sameSchoolInProgress?.databaseId).toBe(first.application?.databaseId);

    // Once rejected by the school, the student may apply to it again (another year).
    const rejected = await mutate(tk.consultant, 'updateApplicationState', { id: first.application?.id, state: 'SCHOOL_REJECTED', reason: '名额已满' });
    expect(rejected.application?.state).toBe('SCHOOL_REJECTED');
    expect((await newApplication(tk.consultant, a.id, 'Groton School')).__typename).toBe('ApplicationPayload');
  });

  it("takes the school's deadline by default and refuses a platform the school does not accept", async () => {
    const schoolId = await schoolByName(t, 'Deerfield Academy');
    await t.db.schoolPlatform.createMany({
      data: [
        { schoolId, platform: 1 },
        { schoolId, platform: 2 },
      ],
    });
    await t.db.schoolDeadline.create({ data: { schoolId, kind: 1, deadline: new Date('2027-01-15T00:00:00Z') } });
    const a = await makeArchive(t, 'consultant');
    const refused = await newApplication(tk.consultant, a.id, 'Deerfield Academy', { platform: 'RAVENNA' });
    expect(refused).toMatchObject({ code: 'PLATFORM_NOT_ACCEPTED', message: '该学校不接受Ravenna申请' });
    const made = await newApplication(tk.consultant, a.id, 'Deerfield Academy', { platform: 'SAO' });
    expect(made.application).toMatchObject({ platform: 'SAO', deadline: '2027-01-15' });
    const switched = await mutate(tk.consultant, 'updateApplicationPlatform', { id: made.application?.id, platform: 'RAVENNA' });
    expect(switched.code).toBe('PLATFORM_NOT_ACCEPTED');
    const gateway = await mutate(tk.consultant, 'updateApplicationPlatform', { id: made.application?.id, platform: 'GATEWAY' });
    expect(gateway.logs).toEqual([{ action: 'PLATFORM', field: 'platform', fromValue: '1', toValue: '2' }]);
  });

  it('refuses a new application while the archive is not applying', async () => {
    const a = await makeArchive(t, 'consultant', { applyingStatus: 2 });
    expect(await newApplication(tk.consultant, a.id, 'Kent School')).toMatchObject({ code: 'ARCHIVE_NOT_APPLYING' });
  });
});

describe('the state list', () => {
  it('walks every allowed transition and refuses the others, with reasons for rejections', async () => {
    const a = await makeArchive(t, 'consultant');
    const app = (await newApplication(tk.consultant, a.id, 'Blair Academy')).application as NonNullable<AppPayload['application']>;

    const noReason = await mutate(tk.consultant, 'updateApplicationState', { id: app.id, state: 'STUDENT_REJECTED' });
    expect(noReason).toMatchObject({ code: 'REASON_REQUIRED', message: '请填写拒绝原因' });
    const same = await mutate(tk.consultant, 'updateApplicationState', { id: app.id, state: 'APPLYING' });
    expect(same.code).toBe('STATE_UNCHANGED');

    const approved = await mutate(tk.consultant, 'updateApplicationState', { id: app.id, state: 'APPROVED' });
    expect(approved.application?.state).toBe('APPROVED');
    expect(approved.logs).toEqual([{ action: 'STATE', field: 'state', fromValue: '1', toValue: '4' }]);
    const back = await mutate(tk.consultant, 'updateApplicationState', { id: app.id, state: 'APPLYING' });
    expect(back).toMatchObject({ code: 'STATE_TRANSITION_REFUSED', message: '申请状态不能从「录取」改为「申请中」' });
    const schoolRejects = await mutate(tk.consultant, 'updateApplicationState', { id: app.id, state: 'SCHOOL_REJECTED', reason: 'x' });
    expect(schoolRejects.code).toBe('STATE_TRANSITION_REFUSED');

    const declined = await mutate(tk.consultant, 'updateApplicationState', { id: app.id, state: 'STUDENT_REJECTED', reason: '选择了 Groton' });
    expect(declined.application).toMatchObject({ state: 'STUDENT_REJECTED', rejectReason: '选择了 Groton' });
    for (const state of ['APPLYING', 'APPROVED', 'SCHOOL_REJECTED']) {
      expect((await mutate(tk.consultant, 'updateApplicationState', { id: app.id, state, reason: 'r' })).code).toBe('STATE_TRANSITION_REFUSED');
    }
    // A closed application takes no more progress.
    expect(await mutate(tk.consultant, 'updateApplicationInquiry', { id: app.id, inquiry: 'SENT' })).toMatchObject({ code: 'APPLICATION_CLOSED' });
  });

  it('answers in English for an English user', async () => {
    const a = await makeArchive(t, 'consultant');
    const app = (await newApplication(tk.consultant, a.id, 'Cate School')).application;
    const res = await gql<Record<string, AppPayload>>(
      t,
      `mutation($input: UpdateApplicationStateInput!) { updateApplicationState(input: $input) { ${PAYLOAD} } }`,
      { input: { id: app?.id, state: 'SCHOOL_REJECTED' } },
      { token: tk.consultant, headers: { cookie: 'lang=en' } },
    );
    // The consultant's stored preference decides (Chinese); a cookie does not override it.
    expect(res.body.data?.updateApplicationState?.message).toBe('请填写拒绝原因');
    await t.db.user.update({ where: { account: 'consultant' }, data: { language: 1 } });
    const en = await mutate(tk.consultant, 'updateApplicationState', { id: app?.id, state: 'SCHOOL_REJECTED' });
    expect(en.message).toBe('Please enter the reason for the rejection');
    await t.db.user.update({ where: { account: 'consultant' }, data: { language: 0 } });
  });

  it('names who made each change in the viewer’s language: the English name in English (issue 32 item 13)', async () => {
    const a = await makeArchive(t, 'consultant');
    const app = (await newApplication(tk.consultant, a.id, 'Cate School')).application as NonNullable<AppPayload['application']>;
    const me = await t.db.user.findUniqueOrThrow({ where: { account: 'consultant' }, select: { name: true, nameEn: true } });
    expect(me.nameEn).toBeTruthy();
    const logs = async () =>
      (await gql<{ node: { logs: Array<{ userName: string | null }> } }>(t, `query($id: ID!) { node(id: $id) { ... on Application { logs { userName } } } }`, { id: app.id }, { token: tk.consultant })).body.data?.node
        .logs ?? [];
    expect((await logs()).map((l) => l.userName)).toContain(me.name);
    await t.db.user.update({ where: { account: 'consultant' }, data: { language: 1 } });
    try {
      const en = (await logs()).map((l) => l.userName);
      expect(en).toContain(me.nameEn);
      expect(en).not.toContain(me.name);
    } finally {
      await t.db.user.update({ where: { account: 'consultant' }, data: { language: 0 } });
    }
  });
});

describe('progress fields', () => {
  it('each update is one transition with one log line; an unchanged value writes nothing', async () => {
    const a = await makeArchive(t, 'consultant');
    const app = (await newApplication(tk.consultant, a.id, 'Tabor Academy')).application as NonNullable<AppPayload['application']>;
    const steps: Array<[string, Record<string, unknown>, string, string]> = [
      ['updateApplicationInterview', { interview: 'ARRANGED', interviewAt: '2026-10-10T02:00:00.000Z' }, 'INTERVIEW', '2'],
      ['updateApplicationInquiry', { inquiry: 'SENT' }, 'INQUIRY', '1'],
      ['updateApplicationThirdInterview', { thirdInterview: 'DONE' }, 'THIRD_INTERVIEW', '2'],
      ['updateApplicationSubmitResult', { submitResult: 'SUBMITTED' }, 'SUBMIT_RESULT', '1'],
      ['updateApplicationBoard', { board: 'DAY' }, 'BOARD', '2'],
      ['updateApplicationGrade', { grade: 10 }, 'GRADE', '10'],
      ['updateApplicationDeadline', { deadline: '2027-01-31' }, 'DEADLINE', '2027-01-31'],
      ['updateApplicationOrderNum', { orderNum: 7 }, 'ORDER', '7'],
      ['updateApplicationDocState', { docType: 'PARENT', state: 'SUBMITTED' }, 'DOC_STATE', '2'],
    ];
    for (const [name, input, action, to] of steps) {
      const r = await mutate(tk.consultant, name, { id: app.id, ...input });
      expect(r.__typename, `${name}: ${r.message}`).toBe('ApplicationPayload');
      expect(r.logs).toHaveLength(1);
      expect(r.logs?.[0]).toMatchObject({ action, toValue: to });
    }
    const again = await mutate(tk.consultant, 'updateApplicationInquiry', { id: app.id, inquiry: 'SENT' });
    expect(again.logs).toEqual([]);
    const badGrade = await mutate(tk.consultant, 'updateApplicationGrade', { id: app.id, grade: 14 });
    expect(badGrade).toMatchObject({ __typename: 'InputError', code: 'INVALID_INPUT' });
    const final = await mutate(tk.consultant, 'updateApplicationInquiry', { id: app.id, inquiry: 'ANSWERED' });
    expect(final.application?.logs.filter((l) => l.action !== 'CREATE')).toHaveLength(steps.length + 1);
    // Parent documents submitted and the application submitted: 2 of the 6 steps.
    expect(final.application?.progress).toBe(33);
  });

  it('a locked application refuses every change until unlocked; consultants cannot lock', async () => {
    const a = await makeArchive(t, 'consultant');
    const app = (await newApplication(tk.consultant, a.id, 'Kent School')).application as NonNullable<AppPayload['application']>;
    expect(await mutate(tk.consultant, 'lockApplication', { id: app.id })).toMatchObject({ code: 'FORBIDDEN' });
    const locked = await mutate(tk.manager, 'lockApplication', { id: app.id });
    expect(locked.application?.locked).toBe(true);
    expect((await mutate(tk.manager, 'lockApplication', { id: app.id })).code).toBe('ALREADY_LOCKED');
    for (const [name, input] of [
      ['updateApplicationInquiry', { inquiry: 'SENT' }],
      ['updateApplicationState', { state: 'APPROVED' }],
      ['updateApplicationDeadline', { deadline: '2027-02-01' }],
      ['updateApplicationOrderNum', { orderNum: 3 }],
      ['updateApplicationDocState', { docType: 'STUDENT', state: 'IN_PROGRESS' }],
    ] as const) {
      expect((await mutate(tk.consultant, name, { id: app.id, ...input })).code, name).toBe('APPLICATION_LOCKED');
    }
    const doc = await gql<{ saveApplicationDocument: { __typename: string; code?: string } }>(
      t,
      'mutation($i: SaveApplicationDocumentInput!) { saveApplicationDocument(input: $i) { __typename ... on Error { code } } }',
      { i: { applicationId: app.id, type: 1, name: 'Transcript' } },
      { token: tk.consultant },
    );
    expect(doc.body.data?.saveApplicationDocument.code).toBe('APPLICATION_LOCKED');
    const unlocked = await mutate(tk.manager, 'unlockApplication', { id: app.id });
    expect(unlocked.application?.locked).toBe(false);
    expect((await mutate(tk.manager, 'unlockApplication', { id: app.id })).code).toBe('NOT_LOCKED');
    expect((await mutate(tk.consultant, 'updateApplicationInquiry', { id: app.id, inquiry: 'SENT' })).application?.inquiry).toBe('SENT');
  });
});

describe('batches are atomic', () => {
  it('one refused application (locked) leaves every application of the batch unchanged', async () => {
    const a = await makeArchive(t, 'consultant');
    const ids: string[] = [];
    for (const s of ['Pomfret School', 'Suffield Academy', 'Cushing Academy']) ids.push((await newApplication(tk.consultant, a.id, s)).application?.id as string);
    await mutate(tk.manager, 'lockApplication', { id: ids[1] });
    for (const [name, input] of [
      ['updateApplicationInquiryBatch', { inquiry: 'SENT' }],
      ['updateApplicationInterviewBatch', { interview: 'DONE' }],
      ['updateApplicationThirdInterviewBatch', { thirdInterview: 'NOT_REQUIRED' }],
      ['updateApplicationSubmitResultBatch', { submitResult: 'SUBMITTED' }],
    ] as const) {
      const r = await mutate(tk.consultant, name, { ids, ...input });
      expect(r.code, name).toBe('APPLICATION_LOCKED');
      expect(r.message).toContain(`申请${(await t.db.application.findFirstOrThrow({ where: { locked: true, archiveId: a.id } })).id}`);
    }
    const rows = await t.db.application.findMany({ where: { archiveId: a.id }, select: { inquiry: true, interview: true, thirdInterview: true, submitResult: true } });
    expect(rows.every((r) => r.inquiry === 0 && r.interview === 0 && r.thirdInterview === 0 && r.submitResult === 0)).toBe(true);
    expect(await t.db.applicationLog.count({ where: { application: { archiveId: a.id }, action: { not: 'CREATE' } } })).toBe(1); // the LOCK line only

    await mutate(tk.manager, 'unlockApplication', { id: ids[1] });
    const ok = await mutate(tk.consultant, 'updateApplicationInquiryBatch', { ids, inquiry: 'SENT' });
    expect(ok.applications?.map((x) => x.inquiry)).toEqual(['SENT', 'SENT', 'SENT']);
    expect(ok.logs).toHaveLength(3);
  });

  it("an application of another consultant's student in the batch refuses the whole batch", async () => {
    const mine = await makeArchive(t, 'consultant');
    const theirs = await makeArchive(t, 'wang.fang');
    const a1 = (await newApplication(tk.consultant, mine.id, 'Berkshire School')).application?.id as string;
    const a2 = (await newApplication(tk.admin, theirs.id, 'Berkshire School')).application?.id as string;
    const r = await mutate(tk.consultant, 'updateApplicationSubmitResultBatch', { ids: [a1, a2], submitResult: 'SUBMITTED' });
    expect(r.code).toBe('NOT_FOUND');
    expect((await t.db.application.findMany({ where: { archiveId: { in: [mine.id, theirs.id] } }, select: { submitResult: true } })).map((x) => x.submitResult)).toEqual([0, 0]);
  });
});

describe('who may change whose applications', () => {
  it("a consultant cannot see or change another consultant's student's applications; the manager and admin can", async () => {
    const theirs = await makeArchive(t, 'wang.fang');
    const app = (await newApplication(tk.admin, theirs.id, 'Mercersburg Academy')).application as NonNullable<AppPayload['application']>;
    const refused = await mutate(tk.consultant, 'updateApplicationInquiry', { id: app.id, inquiry: 'SENT' });
    expect(refused).toMatchObject({ code: 'NOT_FOUND' });
    const node = await gql<{ node: unknown }>(t, 'query($id: ID!) { node(id: $id) { id } }', { id: app.id }, { token: tk.consultant });
    expect(node.body.data?.node).toBeNull();
    const list = await gql<{ applications: { edges: Array<{ node: { databaseId: number } }> } }>(t, '{ applications(first: 500) { edges { node { databaseId } } } }', {}, { token: tk.consultant });
    expect(list.body.data?.applications.edges.map((e) => e.node.databaseId)).not.toContain(app.databaseId);
    expect(await newApplication(tk.consultant, theirs.id, 'Kent School')).toMatchObject({ code: 'NOT_FOUND' });

    // wang.fang is in the manager's department (us): the manager may change it.
    expect((await mutate(tk.manager, 'updateApplicationInquiry', { id: app.id, inquiry: 'SENT' })).application?.inquiry).toBe('SENT');
    // Lecturers and sales hold no write right.
    expect((await mutate(tk.sales, 'updateApplicationInquiry', { id: app.id, inquiry: 'ANSWERED' })).code).toBe('FORBIDDEN');
    // A refusal is logged as a failure and leaves the row as it was.
    const failures = await t.db.operationLog.count({ where: { operation: 'application.update.inquiry', outcome: 'FAILURE' } });
    expect(failures).toBeGreaterThanOrEqual(2);
    expect((await t.db.application.findUniqueOrThrow({ where: { id: app.databaseId } })).inquiry).toBe(1);
  });

  it("a parent reads the child's applications but changes nothing", async () => {
    const a = await makeArchive(t, 'consultant');
    const parent = await t.db.user.findFirstOrThrow({ where: { account: 'parent.demo' }, select: { id: true } });
    await t.db.archive.update({ where: { id: a.id }, data: { parentId: parent.id } });
    const app = (await newApplication(tk.consultant, a.id, 'The Hill School')).application as NonNullable<AppPayload['application']>;
    const parentToken = await loginRest(t, { account: 'parent.demo', password: 'Staff#2026' });
    const list = await gql<{ applications: { edges: Array<{ node: { databaseId: number; school: { name: string } } }> } }>(
      t,
      '{ applications(first: 50) { edges { node { databaseId school { name } } } } }',
      {},
      { token: parentToken },
    );
    expect(list.body.data?.applications.edges.map((e) => e.node.databaseId)).toContain(app.databaseId);
    expect((await mutate(parentToken, 'updateApplicationInquiry', { id: app.id, inquiry: 'SENT' })).code).toBe('FORBIDDEN');
  });
});

describe('documents, SAO documents and tracks', () => {
  it('saves documents with state logs; a batch with one missing document changes nothing', async () => {
    const a = await makeArchive(t, 'consultant');
    const app = (await newApplication(tk.consultant, a.id, 'Concord Academy')).application as NonNullable<AppPayload['application']>;
    const save = async (input: Record<string, unknown>) =>
      (
        await gql<{ saveApplicationDocument: { __typename: string; code?: string; documents?: Array<{ id: string; state: string; logs: Array<{ fromState: string | null; toState: string }> }> } }>(
          t,
          'mutation($i: SaveApplicationDocumentInput!) { saveApplicationDocument(input: $i) { __typename ... on ApplicationDocumentPayload { documents { id state logs { fromState toState } } } ... on Error { code message } } }',
          { i: input },
          { token: tk.consultant },
        )
      ).body.data?.saveApplicationDocument;
    const d1 = await save({ applicationId: app.id, type: 1, name: 'Transcript' });
    const d2 = await save({ applicationId: app.id, type: 3, name: 'Essay', state: 'IN_PROGRESS' });
    expect(d1?.documents?.[0]).toMatchObject({ state: 'NOT_STARTED', logs: [{ fromState: null, toState: 'NOT_STARTED' }] });
    const moved = await save({ id: d1?.documents?.[0]?.id, state: 'SUBMITTED' });
    expect(moved?.documents?.[0]?.logs[0]).toEqual({ fromState: 'NOT_STARTED', toState: 'SUBMITTED' });
    expect((await save({ applicationId: app.id, type: 1 }))?.code).toBe('INVALID_INPUT');

    const batch = async (ids: string[]) =>
      (
        await gql<{ updateApplicationDocumentsState: { __typename: string; code?: string } }>(
          t,
          'mutation($i: UpdateApplicationDocumentsStateInput!) { updateApplicationDocumentsState(input: $i) { __typename ... on Error { code } } }',
          { i: { ids, state: 'CONFIRMED' } },
          { token: tk.consultant },
        )
      ).body.data?.updateApplicationDocumentsState;
    expect((await batch([d1?.documents?.[0]?.id as string, globalId('ApplicationDocument', 999999)]))?.code).toBe('NOT_FOUND');
    expect((await t.db.applicationDocument.findMany({ where: { applicationId: app.databaseId }, select: { state: true }, orderBy: { id: 'asc' } })).map((d) => d.state)).toEqual([2, 1]);
    expect((await batch([d1?.documents?.[0]?.id as string, d2?.documents?.[0]?.id as string]))?.__typename).toBe('ApplicationDocumentPayload');
    expect((await t.db.applicationDocument.findMany({ where: { applicationId: app.databaseId }, select: { state: true } })).map((d) => d.state)).toEqual([3, 3]);
  });

  it('SAO documents belong to the student; tracks and daily updates to the application', async () => {
    const a = await makeArchive(t, 'consultant');
    const app = (await newApplication(tk.consultant, a.id, 'Milton Academy')).application as NonNullable<AppPayload['application']>;
    const sao = await gql<{ saveSaoDocument: { saoDocument?: { databaseId: number; state: string; logs: Array<{ toState: string }> } } }>(
      t,
      'mutation($i: SaveSaoDocumentInput!) { saveSaoDocument(input: $i) { ... on SaoDocumentPayload { saoDocument { databaseId state logs { toState } } } ... on Error { code message } } }',
      { i: { archiveId: globalId('Archive', a.id), type: 2, name: 'Parent statement', state: 'IN_PROGRESS' } },
      { token: tk.consultant },
    );
    expect(sao.body.data?.saveSaoDocument.saoDocument).toMatchObject({ state: 'IN_PROGRESS', logs: [{ toState: 'IN_PROGRESS' }] });
    const track = await gql<{ saveProgressTrack: { track?: { day: string; content: string } } }>(
      t,
      'mutation($i: SaveProgressTrackInput!) { saveProgressTrack(input: $i) { ... on ProgressTrackPayload { track { day content } } ... on Error { code message } } }',
      { i: { applicationId: app.id, type: 2, day: '2026-10-01', content: 'Interview booked' } },
      { token: tk.consultant },
    );
    expect(track.body.data?.saveProgressTrack.track).toEqual({ day: '2026-10-01', content: 'Interview booked' });
    const read = await gql<{ node: { tracks: Array<{ content: string }>; dailyUpdates: Array<{ day: string; notes: string[] }> } }>(
      t,
      'query($id: ID!) { node(id: $id) { ... on Application { tracks(type: 2) { content } dailyUpdates { day notes } } } }',
      { id: app.id },
      { token: tk.consultant },
    );
    expect(read.body.data?.node.tracks).toEqual([{ content: 'Interview booked' }]);
    expect(read.body.data?.node.dailyUpdates.find((d) => d.day === '2026-10-01')?.notes).toEqual(['Interview booked']);
  });
});

describe('overall progress', () => {
  it("lists the caller's students with their applications and progress", async () => {
    // Its own student, so that the page is not empty whatever ran before (newest first).
    const mine = await makeArchive(t, 'consultant');
    await newApplication(tk.consultant, mine.id, 'Choate Rosemary Hall');
    const res = await gql<{
      overallProgress: {
        totalCount: number;
        edges: Array<{ node: { archiveDatabaseId: number; name: string; progress: number; consultant: { name: string } | null; applications: Array<{ databaseId: number; school: { name: string } }> } }>;
      };
    }>(t, '{ overallProgress(first: 5) { totalCount edges { node { archiveDatabaseId name progress consultant { name } applications { databaseId school { name } } } } } }', {}, { token: tk.consultant });
    expect(res.body.errors).toBeUndefined();
    const nodes = res.body.data?.overallProgress.edges.map((e) => e.node) ?? [];
    expect(nodes.map((n) => n.archiveDatabaseId)).toContain(mine.id);
    expect(nodes.find((n) => n.archiveDatabaseId === mine.id)).toMatchObject({ consultant: { name: '张晓雯' }, applications: [{ school: { name: 'Choate Rosemary Hall' } }] });
    // Every student listed is one the consultant consults or acts for, with applications.
    const consultantId = (await t.db.user.findFirstOrThrow({ where: { account: 'consultant' }, select: { id: true } })).id;
    const archives = await t.db.archive.findMany({ where: { id: { in: nodes.map((n) => n.archiveDatabaseId) } }, select: { consultantId: true, actingConsultantId: true } });
    expect(archives).toHaveLength(nodes.length);
    expect(archives.every((a) => a.consultantId === consultantId || a.actingConsultantId === consultantId)).toBe(true);
    expect(nodes.every((n) => n.applications.length > 0)).toBe(true);
    expectNoInternals(JSON.stringify(res.body));
  });
});
