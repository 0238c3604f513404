/** The authorisation matrix of the notices module's writes, on both doors (see ../content-matrix.ts). */
import { describeContentMatrix, m, POLICY, type Case } from '../content-matrix.ts';

const CASES: Case[] = [
  {
    name: 'publish a notice',
    allowed: POLICY['notice.publish'],
    gql: async () => ({ query: m('publishNotice', 'PublishNoticeInput'), variables: { input: { title: '通知', content: '<p>内容</p>' } } }),
    rest: async () => ({ path: '/api/admin/sns/notice/save.htm', json: { title: '通知', content: '<p>内容</p>' } }),
  },
];

describeContentMatrix('notices', CASES);
