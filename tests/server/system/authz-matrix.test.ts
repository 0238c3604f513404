/** The authorisation matrix of the system module's writes, on both doors (see ../org-matrix.ts). */
import { describeOrgMatrix, m, type Case } from '../org-matrix.ts';

const CASES: Case[] = [
  {
    name: 'send a test e-mail',
    permission: 'mail.test',
    allowedCode: 'MAIL_NOT_CONFIGURED',
    gql: async () => ({ query: m('sendTestEmail', 'SendTestEmailInput'), variables: { input: { email: 'ops@example.com' } } }),
    rest: async () => ({ path: '/api/admin/auth/account/sendTestEmail.htm', method: 'GET', query: { email: 'ops@example.com' } }),
  },
];

describeOrgMatrix(['mail.test'], CASES);
