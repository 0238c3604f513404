/**
 * Legacy reads that put an id or a code from the request straight into a query (docs/fuzzing.md,
 * "Other legacy reads"): a flag, a number past the integer range, a text or an object is refused
 * as bad input naming the parameter (HTTP 400, `<name>格式错误`), never answered with HTTP 500 or a
 * masked internal error. Blank still means "not given".
 */
import { describe, expect, it } from 'vitest';
import { rest } from '../helpers/app.ts';
import { admin, t, useSuite } from '../helpers/suite.ts';
import { findLeak } from './runner.ts';

useSuite('admin');

const RANGE = { startDate: '2026-09-01', endDate: '2026-09-30', start: '2026-09-01', end: '2026-09-30', beginTime: '2026-09-01 00:00:00', endTime: '2026-09-30 23:59:59' };

/** path, method, the parameters every call sends, the parameters read as ids or codes (under `condition` too). */
const READS: Array<{ path: string; method: 'GET' | 'POST'; base?: Record<string, unknown>; fields: string[]; required?: Record<string, string> }> = [
  { path: '/api/admin/course/listCourseByPage', method: 'POST', fields: ['type', 'site', 'lecturerId', 'projectId', 'classRoomId'] },
  { path: '/api/admin/course/listBySearch', method: 'POST', fields: ['lecturerId', 'projectId'] },
  { path: '/api/admin/course/hour/listCourseHourByPage', method: 'POST', fields: ['courseId', 'studentId', 'state'] },
  { path: '/api/admin/course/hour/record/listCourseHourRecordByPage', method: 'POST', fields: ['courseId', 'studentId', 'courseHourId', 'kind'] },
  { path: '/api/admin/class/room/listClassRoomByPage', method: 'POST', fields: ['state'] },
  { path: '/api/admin/class/room/listAll', method: 'POST', fields: ['state'] },
  { path: '/api/admin/work/daily/scheduleCourseEvents', method: 'GET', base: RANGE, fields: ['courseId', 'lecturerId', 'studentId', 'classRoomId', 'courseIds'] },
  { path: '/api/admin/work/daily/listCourseWorkDaily', method: 'POST', base: RANGE, fields: ['courseId', 'lecturerId', 'studentId', 'classRoomId', 'courseIds'] },
  { path: '/api/admin/work/daily/detailByCourseId', method: 'POST', fields: ['courseId'], required: { courseId: '请选择课程' } },
  { path: '/api/admin/user/course/listByPage', method: 'POST', fields: ['courseId', 'lessonId', 'userId', 'courseHourId', 'state'] },
  { path: '/api/admin/work/daily/listWorkDailyByAppoint', method: 'POST', base: RANGE, fields: ['projectId'] },
  { path: '/api/admin/work/daily/listScheduleByCondition', method: 'POST', base: RANGE, fields: ['projectId', 'userId', 'seriesId'] },
  { path: '/api/admin/work/daily/checkAlike', method: 'POST', base: { title: '例会', beginTime: '2026-09-01 10:00:00', endTime: '2026-09-01 11:00:00' }, fields: ['id', 'userIds'] },
];

const BAD: unknown[] = [true, 9007199254740992, 'abc', { x: 1 }];

async function call(path: string, method: 'GET' | 'POST', params: Record<string, unknown>) {
  if (method === 'GET') {
    const query = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, typeof v === 'object' ? JSON.stringify(v) : String(v)]));
    return rest(t, `${path}.htm?${query}`, { token: admin });
  }
  return rest(t, `${path}.htm`, { json: { ...params, condition: params }, token: admin });
}

describe('legacy reads refuse an id or code that is not one', () => {
  for (const read of READS) {
    describe(read.path, () => {
      it.each(read.fields)('%s: blank is "not given" (or required), a flag, 2^53, a text or an object is refused naming it', async (field) => {
        const blank = await call(read.path, read.method, { ...read.base, [field]: '' });
        const required = read.required?.[field];
        if (required) expect(blank.body, 'a required id left blank').toEqual({ status: 'error', message: required, data: null });
        else expect(blank.body.status, JSON.stringify(blank.body)).toBe('success');
        for (const value of BAD) {
          // A query string carries a flag or an object as text: the same refusal.
          const res = await call(read.path, read.method, { ...read.base, [field]: value });
          expect(res.status, `${JSON.stringify(value)}: ${JSON.stringify(res.body)}`).toBe(400);
          expect(res.body).toEqual({ status: 'error', message: `${field}格式错误`, data: null });
          expect(findLeak(JSON.stringify(res.body), [])).toBeNull();
        }
      });
    });
  }
});
