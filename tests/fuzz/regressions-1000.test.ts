/**
 * What `npm run fuzz` found at 1,000 inputs per operation (issue 15, the run of 2026-11-26 on
 * every mutation and legacy write; docs/fuzzing.md): each input replayed as the fuzzer sent it,
 * as the administrator. None may answer HTTP 5xx or a masked internal error.
 */
import { describe, expect, it } from 'vitest';
import { gql, rest } from '../helpers/app.ts';
import { admin, t, useSuite } from '../helpers/suite.ts';
import { findLeak } from './runner.ts';

useSuite('admin');

type Finding = { door: 'GraphQL' | 'legacy'; op: string; input: string };
const FINDINGS: Finding[] = [
  {
    door: 'GraphQL',
    op: 'saveSchoolTeaching',
    input:
      '{"query":"mutation Fuzz($input: SaveSchoolTeachingInput!) { r: saveSchoolTeaching(input: $input) { __typename ... on Error { code message } } }","variables":{"input":{"ap":null,"averageClassSize":null,"courseCount":20,"curriculumNote":null,"honorsCourseCount":55,"id":"U2Nob29sOjQz"}}}',
  },
  {
    door: 'legacy',
    op: '/api/admin/project/del.htm',
    input:
      '{"ts":"constructor","state":{"toString":"x","valueOf":1,"hasOwnProperty":null},"nameEn":"31","selIds":63,"companyName":28,"id":{"prototype":{"toString":"x"}},"timeline":"X","condition":{"startDate":"50","imageKey":[70,65,57],"memberId":"W-y[Z\\"","manager":56,"createdAt":"57","userProjectTimeLineId":{"toString":"x","valueOf":1,"hasOwnProperty":null},"companyName":-96489628,"projectId":73}}',
  },
  {
    door: 'legacy',
    op: '/api/admin/project/del.htm',
    input: '{"data":"8,37,50","description":"⻌𝚱ፌ","notInProjectStateStr":{"toString":"x","valueOf":1,"hasOwnProperty":null},"duty":"80","timeline":"2","joinedOn":"1","number":80,"userProjectId":"qNF*<&"}',
  },
  {
    door: 'legacy',
    op: '/api/admin/work/task/change/complete.htm',
    input: '{"data":"8,37,50","id":"⻌𝚱ፌ","state":{"toString":"x","valueOf":1,"hasOwnProperty":null},"taskTitle":"80","desc":"2","object":"1","assigneeId":80,"role":"qNF*<&"}',
  },
  {
    door: 'legacy',
    op: '/api/admin/work/daily/editWorkDaily.htm',
    input: '{"data":"8,37,50","isAllDay":"⻌𝚱ፌ","scope":{"toString":"x","valueOf":1,"hasOwnProperty":null},"string":"80","workDate2":"2","user":"1","id":80,"FOLLOWING":"qNF*<&"}',
  },
  {
    door: 'legacy',
    op: '/api/admin/work/daily/del.htm',
    input: '{"data":"8,37,50","isAllDay":"⻌𝚱ፌ","scope":{"toString":"x","valueOf":1,"hasOwnProperty":null},"string":"80","workDate2":"2","user":"1","id":80,"FOLLOWING":"qNF*<&"}',
  },
  {
    door: 'legacy',
    op: '/api/admin/cycle/work/daily/save.htm',
    input: '{"data":"8,37,50","isAllDay":"⻌𝚱ፌ","scope":{"toString":"x","valueOf":1,"hasOwnProperty":null},"string":"80","workDate2":"2","user":"1","id":80,"FOLLOWING":"qNF*<&"}',
  },
  {
    door: 'legacy',
    op: '/api/admin/work/daily/do_update.htm',
    input: '{"data":"8,37,50","isAllDay":"⻌𝚱ፌ","scope":{"toString":"x","valueOf":1,"hasOwnProperty":null},"string":"80","workDate2":"2","user":"1","id":80,"FOLLOWING":"qNF*<&"}',
  },
  {
    door: 'legacy',
    op: '/api/admin/archive/addConsultant.htm',
    input: '{"archivesExamineId":"10","archiveIds":{"toString":"x","valueOf":1,"hasOwnProperty":null},"toeflJunior":-9007199254740991,"asc":11,"list":[77,59,64,39]}',
  },
  {
    door: 'legacy',
    op: '/api/admin/archive/addConsultant.htm',
    input: '{"ids":{"toString":"x","valueOf":1,"hasOwnProperty":null},"keyword":"6","rows":null}',
  },
  {
    door: 'legacy',
    op: '/api/admin/work/daily/scheduleCourseEventsS.htm',
    input: '/api/admin/work/daily/scheduleCourseEventsS.htm?lecturerId=null&ids=%5B%5D&condition=%7B%22objectType%22%3A13%2C%22studentCount%22%3A%22%7C5Iap%5E8P%3CC%22%2C%22asc%22%3A%2299%3A99%22%7D',
  },
  {
    door: 'legacy',
    op: '/api/admin/work/daily/scheduleCourseEventsS.htm',
    input:
      '/api/admin/work/daily/scheduleCourseEventsS.htm?true=%25%21C%2A%24&accept=2026-09-01&userName=%5B27%2C77%5D&lecturerId=calls%7D%22__def&ids=+&auditContent=5&ts=%5B1%2C2%2C3%2C4%2C5%2C6%2C7%2C8%2C9%2C10%2C11%2C12%2C13%2C14%2C15%2C16%2C17%2C18%2C19%2C20%2C21%2C22%2C23%2C24%2C25%2C26%2C27%2C28%2C29%2C30%2C31%2C32%2C33%2C34%2C35%2C36%2C37%2C38%2C39%2C40%2C41%2C42%2C43',
  },
  {
    door: 'legacy',
    op: '/api/admin/work/daily/scheduleCourseEventsS.htm',
    input: '/api/admin/work/daily/scheduleCourseEventsS.htm?userId=aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
  },
  {
    door: 'legacy',
    op: '/api/admin/work/daily/scheduleCourseEventsS.htm',
    input: '/api/admin/work/daily/scheduleCourseEventsS.htm?parentCount=null&title=31&classroomId=null',
  },
  {
    door: 'legacy',
    op: '/api/admin/work/daily/scheduleCourseEventsS.htm',
    input: '/api/admin/work/daily/scheduleCourseEventsS.htm?userId=%5B8%2C33%2C56%5D&data=1&list=Xm&duration=49&Submitted=null&place=40&teacherId=24&capacity=28%2C66%2C26%2C66',
  },
  {
    door: 'legacy',
    op: '/api/admin/work/daily/scheduleCourseEventsS.htm',
    input:
      '/api/admin/work/daily/scheduleCourseEventsS.htm?classRoomName=%5Bnull%5D&beforeWork=74&project=15&classroomId=3.733929201409079e%2B245&asc=%5B79%2C23%5D&editType=%F3%84%BF%B7%F1%B9%98%99&start=false&ids=%7B%22prototype%22%3A%7B%22toString%22%3A%22x%22%7D%7D',
  },
  {
    door: 'legacy',
    op: '/api/admin/work/daily/scheduleCourseEvents.htm',
    input: '/api/admin/work/daily/scheduleCourseEvents.htm?lecturerId=null&ids=%5B%5D&condition=%7B%22objectType%22%3A13%2C%22studentCount%22%3A%22%7C5Iap%5E8P%3CC%22%2C%22asc%22%3A%2299%3A99%22%7D',
  },
  {
    door: 'legacy',
    op: '/api/admin/work/daily/scheduleCourseEvents.htm',
    input:
      '/api/admin/work/daily/scheduleCourseEvents.htm?true=%25%21C%2A%24&accept=2026-09-01&userName=%5B27%2C77%5D&lecturerId=calls%7D%22__def&ids=+&auditContent=5&ts=%5B1%2C2%2C3%2C4%2C5%2C6%2C7%2C8%2C9%2C10%2C11%2C12%2C13%2C14%2C15%2C16%2C17%2C18%2C19%2C20%2C21%2C22%2C23%2C24%2C25%2C26%2C27%2C28%2C29%2C30%2C31%2C32%2C33%2C34%2C35%2C36%2C37%2C38%2C39%2C40%2C41%2C42%2C43',
  },
  {
    door: 'legacy',
    op: '/api/admin/work/daily/scheduleCourseEvents.htm',
    input: '/api/admin/work/daily/scheduleCourseEvents.htm?userId=aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
  },
  {
    door: 'legacy',
    op: '/api/admin/work/daily/scheduleCourseEvents.htm',
    input: '/api/admin/work/daily/scheduleCourseEvents.htm?parentCount=null&title=31&classroomId=null',
  },
  {
    door: 'legacy',
    op: '/api/admin/work/daily/scheduleCourseEvents.htm',
    input: '/api/admin/work/daily/scheduleCourseEvents.htm?userId=%5B8%2C33%2C56%5D&data=1&list=Xm&duration=49&Submitted=null&place=40&teacherId=24&capacity=28%2C66%2C26%2C66',
  },
  {
    door: 'legacy',
    op: '/api/admin/work/daily/scheduleCourseEvents.htm',
    input:
      '/api/admin/work/daily/scheduleCourseEvents.htm?classRoomName=%5Bnull%5D&beforeWork=74&project=15&classroomId=3.733929201409079e%2B245&asc=%5B79%2C23%5D&editType=%F3%84%BF%B7%F1%B9%98%99&start=false&ids=%7B%22prototype%22%3A%7B%22toString%22%3A%22x%22%7D%7D',
  },
];

describe('the 1,000-input run’s findings, replayed', () => {
  it.each(FINDINGS.map((f, i) => [`${i + 1}. ${f.door} ${f.op}`, f] as const))('%s answers without a crash', async (_name, f) => {
    if (f.door === 'GraphQL') {
      const { query, variables } = JSON.parse(f.input) as { query: string; variables: Record<string, unknown> };
      const res = await gql<unknown>(t, query, variables, { token: admin });
      expect(res.status).toBeLessThan(500);
      expect(JSON.stringify(res.body)).not.toContain('INTERNAL_SERVER_ERROR');
      expect(findLeak(JSON.stringify(res.body), [])).toBeNull();
      return;
    }
    const res = f.input.startsWith('/') ? await rest(t, f.input, { token: admin }) : await rest(t, f.op, { json: JSON.parse(f.input), token: admin });
    expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
    expect(res.body.message ?? '').not.toContain('服务异常');
    expect(findLeak(JSON.stringify(res.body), [])).toBeNull();
  });
});
