/**
 * Importing .ics files on both doors: what lands in the calendar, and that bad files are
 * refused whole with a message and leave nothing behind.
 */
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expandRule } from '../../../server/modules/schedule/index.ts';
import { createTestApp, DEMO, loginGql, loginRest, rest, type TestApp } from '../../helpers/app.ts';
import { userId } from '../support.ts';

let t: TestApp;
let token: string;
let gqlToken: string;
let me: number;
const UPLOAD = '/api/admin/work/daily/ics/uploadIcs.htm';

beforeAll(async () => {
  t = await createTestApp();
  token = await loginRest(t, DEMO.lecturer);
  gqlToken = await loginGql(t, DEMO.lecturer);
  me = await userId(t, 'lecturer');
});

afterAll(async () => {
  await t?.close();
});

function upload(content: BlobPart, name = 'calendar.ics', type = 'text/calendar') {
  const form = new FormData();
  form.append('file', new File([content], name, { type }));
  return rest<{ importedCount: number; seriesCount: number; skippedCount: number }>(t, UPLOAD, { raw: form, token });
}

const year = DateTime.now().year + 1;
const CALENDAR = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//Test//Import//EN',
  'BEGIN:VEVENT',
  'UID:single-1@test',
  `DTSTART;TZID=Europe/London:${year}0610T140000`,
  `DTEND;TZID=Europe/London:${year}0610T153000`,
  'SUMMARY:Call with Eton admissions',
  'DESCRIPTION:Bring the <b>list</b>\\nand the fees',
  'LOCATION:Teams',
  'END:VEVENT',
  'BEGIN:VEVENT',
  'UID:weekly-1@test',
  `DTSTART;TZID=America/New_York:${year}0301T090000`,
  `DTEND;TZID=America/New_York:${year}0301T100000`,
  'RRULE:FREQ=WEEKLY;COUNT=5',
  `EXDATE;TZID=America/New_York:${year}0308T090000`,
  'SUMMARY:NY weekly',
  'END:VEVENT',
  'BEGIN:VEVENT',
  'UID:weekly-1@test',
  `RECURRENCE-ID;TZID=America/New_York:${year}0315T090000`,
  `DTSTART;TZID=America/New_York:${year}0315T110000`,
  `DTEND;TZID=America/New_York:${year}0315T120000`,
  'SUMMARY:NY weekly (moved)',
  'END:VEVENT',
  'BEGIN:VEVENT',
  'UID:allday-1@test',
  `DTSTART;VALUE=DATE:${year}0701`,
  `DTEND;VALUE=DATE:${year}0703`,
  'SUMMARY:Summer school visit',
  'END:VEVENT',
  'BEGIN:VEVENT',
  'UID:cancelled-1@test',
  `DTSTART:${year}0801T010000Z`,
  `DTEND:${year}0801T020000Z`,
  'STATUS:CANCELLED',
  'SUMMARY:Cancelled',
  'END:VEVENT',
  'END:VCALENDAR',
  '',
].join('\r\n');

async function myEventCount(): Promise<number> {
  return t.db.workEvent.count({ where: { creatorId: me } });
}

describe('importing an .ics file', () => {
  it('creates the events, a series with its exception date and moved occurrence, unpublished, for the importer only', async () => {
    const before = await myEventCount();
    const res = await upload(CALENDAR);
    expect(res.body).toMatchObject({ status: 'success', message: '已导入6个日程', data: { importedCount: 6, seriesCount: 1, skippedCount: 0 } });
    expect(await myEventCount()).toBe(before + 6);

    const single = await t.db.workEvent.findFirstOrThrow({ where: { creatorId: me, title: 'Call with Eton admissions' }, include: { participants: true } });
    expect(single.startAt.toISOString()).toBe(`${year}-06-10T13:00:00.000Z`);
    expect(single.endAt.toISOString()).toBe(`${year}-06-10T14:30:00.000Z`);
    expect(single).toMatchObject({ timeZone: 'Europe/London', address: 'Teams', published: false, allDay: false });
    expect(single.content).toBe('Bring the &lt;b&gt;list&lt;/b&gt;<br />and the fees');
    expect(single.participants.map((p) => p.userId)).toEqual([me]);

    const series = await t.db.eventSeries.findFirstOrThrow({ where: { creatorId: me, events: { some: { title: 'NY weekly' } } }, include: { events: { orderBy: { originalStart: 'asc' } } } });
    expect(series.timeZone).toBe('America/New_York');
    expect(series.exdates.map((d) => d.toISOString())).toEqual([`${year}-03-08T14:00:00.000Z`]);
    // The schedule's own expansion of the stored rule gives exactly the stored occurrences plus the exception date.
    const starts = expandRule({ rrule: series.rrule, timeZone: series.timeZone, dtstart: series.dtstart }).map((d) => d.getTime());
    expect(starts.sort()).toEqual([...series.events.map((e) => e.originalStart!.getTime()), ...series.exdates.map((d) => d.getTime())].sort());
    expect(series.events.map((e) => [e.title, e.startAt.toISOString(), e.isException])).toEqual([
      ['NY weekly', `${year}-03-01T14:00:00.000Z`, false],
      ['NY weekly (moved)', `${year}-03-15T15:00:00.000Z`, true],
      ['NY weekly', `${year}-03-22T13:00:00.000Z`, false],
      ['NY weekly', `${year}-03-29T13:00:00.000Z`, false],
    ]);

    const allDay = await t.db.workEvent.findFirstOrThrow({ where: { creatorId: me, title: 'Summer school visit' } });
    const lecturerZone = (await t.db.user.findUniqueOrThrow({ where: { id: me } })).timeZone;
    expect(allDay.allDay).toBe(true);
    expect(DateTime.fromJSDate(allDay.startAt, { zone: lecturerZone }).toISO()).toMatch(new RegExp(`^${year}-07-01T00:00:00`));
    expect(await t.db.workEvent.count({ where: { creatorId: me, title: 'Cancelled' } })).toBe(0);
  });

  it('does not import the same events twice', async () => {
    const before = await myEventCount();
    const res = await upload(CALENDAR);
    expect(res.body).toMatchObject({ status: 'success', data: { importedCount: 0, skippedCount: 3 } });
    expect(await myEventCount()).toBe(before);
  });

  it('refuses files that are not calendars, too large, empty or malformed, and imports nothing', async () => {
    const before = await myEventCount();
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
    const cases: Array<[BlobPart, string]> = [
      [png, '文件不是有效的日历(.ics)文件'],
      ['hello, this is not a calendar', '文件不是有效的日历(.ics)文件'],
      ['BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nSUMMARY:x\r\n', '文件不是有效的日历(.ics)文件'],
      ['BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n', '日历文件中没有日程'],
      [
        CALENDAR.replace('END:VCALENDAR', 'BEGIN:VEVENT\r\nUID:bad@test\r\nDTSTART:notadate\r\nSUMMARY:Bad\r\nEND:VEVENT\r\nEND:VCALENDAR').replace(/SUMMARY:Call with Eton admissions/, 'SUMMARY:New title'),
        '日历文件中第6个日程的时间无效，未导入任何日程',
      ],
      [CALENDAR.replace(`DTEND;TZID=Europe/London:${year}0610T153000`, `DTEND;TZID=Europe/London:${year}0609T153000`).replace('Call with Eton', 'Reversed'), '日历文件中第1个日程的时间无效，未导入任何日程'],
      [CALENDAR.replace('RRULE:FREQ=WEEKLY;COUNT=5', 'RRULE:FREQ=DAILY;COUNT=1500').replace('NY weekly', 'Too long'), '日历文件中第2个日程重复次数超过1000次，未导入任何日程'],
      [`BEGIN:VCALENDAR\r\n${'X-PAD:'.padEnd(1000, 'x')}\r\n`.repeat(5300), '日历文件不能超过5MB'],
    ];
    for (const [content, message] of cases) {
      const res = await upload(content);
      expect(res.status).toBe(200);
      expect(res.body, message).toMatchObject({ status: 'error', message });
    }
    const none = await rest(t, UPLOAD, { raw: new FormData(), token });
    expect(none.body).toMatchObject({ status: 'error', message: '请选择要导入的日历文件' });
    expect(await myEventCount()).toBe(before);
    const failures = await t.db.operationLog.count({ where: { operation: 'ics.import', outcome: 'FAILURE' } });
    expect(failures).toBe(cases.length + 1);
  });

  it('imports through GraphQL (multipart request) and answers the created events', async () => {
    const text = CALENDAR.replaceAll('Call with Eton admissions', 'GraphQL import').replace(/BEGIN:VEVENT\r\nUID:weekly[\s\S]*?END:VCALENDAR/, 'END:VCALENDAR');
    const form = new FormData();
    form.append(
      'operations',
      JSON.stringify({
        query: 'mutation($file: File!) { importIcs(input: { file: $file }) { __typename ... on ImportIcsPayload { importedCount seriesCount message events { title published } } ... on Error { message } } }',
        variables: { file: null },
      }),
    );
    form.append('map', JSON.stringify({ 0: ['variables.file'] }));
    form.append('0', new File([text], 'one.ics', { type: 'text/calendar' }));
    const res = await t.app.fetch(new Request('http://test.local/graphql', { method: 'POST', headers: { 'x-token': gqlToken, 'graphql-require-preflight': '1' }, body: form }));
    const body = (await res.json()) as { data?: { importIcs: unknown }; errors?: unknown };
    expect(body.errors).toBeUndefined();
    expect(body.data?.importIcs).toEqual({ __typename: 'ImportIcsPayload', importedCount: 1, seriesCount: 0, message: '已导入1个日程', events: [{ title: 'GraphQL import', published: false }] });
  });
});
