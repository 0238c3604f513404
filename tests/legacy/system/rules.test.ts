/**
 * The system module through the legacy door: the test e-mail with and without an SMTP
 * server, and the operation log filtered the same on both doors.
 */
import { createServer, type Server } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createTestApp, DEMO, gql, loginRest, rest } from '../../helpers/app.ts';
import { admin, manager, t, useSuite } from '../../helpers/suite.ts';
import { type Paged } from '../support.ts';

useSuite('admin', 'manager');

describe('test e-mail', () => {
  it('says clearly that no mail server is configured', async () => {
    const res = await rest(t, '/api/admin/auth/account/sendTestEmail.htm', { token: admin });
    expect(res.body).toEqual({ status: 'error', message: '未配置邮件服务器（SMTP_URL），无法发送邮件', data: null });
  });

  it('sends through the SMTP server of SMTP_URL', async () => {
    const received: string[] = [];
    const server: Server = createServer((socket) => {
      let data = false;
      let buffer = '';
      socket.write('220 test ESMTP\r\n');
      socket.on('data', (chunk) => {
        buffer += chunk.toString('utf8');
        let index: number;
        while ((index = buffer.indexOf('\r\n')) >= 0) {
          const line = buffer.slice(0, index);
          buffer = buffer.slice(index + 2);
          if (data) {
            if (line === '.') {
              data = false;
              socket.write('250 queued\r\n');
            } else received.push(line);
            continue;
          }
          const cmd = line.slice(0, 4).toUpperCase();
          if (cmd === 'EHLO' || cmd === 'HELO') socket.write('250 test\r\n');
          else if (cmd === 'DATA') {
            data = true;
            socket.write('354 go\r\n');
          } else if (cmd === 'QUIT') {
            socket.end('221 bye\r\n');
          } else socket.write('250 ok\r\n');
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as { port: number }).port;
    const mailed = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${port}?tls=off`, mailFrom: 'Back office <noreply@example.com>' });
    try {
      const token = await loginRest(mailed, DEMO.admin);
      const res = await rest<{ email: string }>(mailed, '/api/admin/auth/account/sendTestEmail.htm?email=ops@example.com', { token });
      expect(res.body).toMatchObject({ status: 'success', message: '测试邮件已发送至 ops@example.com' });
      expect(received.some((l) => /^To: ops@example.com/i.test(l))).toBe(true);
      // A password reset with sendMail is mailed, not shown.
      const gao = await mailed.db.user.findUniqueOrThrow({ where: { account: 'gao.min' } });
      const reset = await rest<{ password: string | null; mailedTo: string }>(mailed, '/api/admin/user/resetPwd.htm', { json: { id: gao.id, sendMail: true }, token });
      expect(reset.body.data).toMatchObject({ password: null, mailedTo: gao.email });
      expect(received.some((l) => /^To: /i.test(l) && l.includes(gao.email!))).toBe(true);
    } finally {
      await mailed.close();
      server.close();
    }
  });
});

describe('operation log', () => {
  it('filters by who (name), operation and date range, the same on both doors', async () => {
    await rest(t, '/api/admin/company/user/save.htm', { json: { companyName: '日志公司', name: '日志联系人' }, token: manager });
    const today = new Date().toLocaleString('sv-SE', { timeZone: 'Asia/Shanghai' }).slice(0, 10);
    const res = await rest<Paged<{ operation: string; account: string; targetType: string }>>(t, '/api/admin/sys/operate/log/listSysOperateLogByPage.htm', {
      json: { condition: { userName: '刘婧', operation: 'companyUser.', beginTime: today, endTime: today } },
      token: admin,
    });
    expect(res.body.status).toBe('success');
    expect(res.body.data.rows).toBeGreaterThan(0);
    expect(res.body.data.resultList.every((r) => r.account === 'manager' && r.operation.startsWith('companyUser.'))).toBe(true);
    const g = await gql<{ operationLogs: { edges: Array<{ node: { operation: string; account: string } }> } }>(
      t,
      '{ operationLogs(first: 50, filter: { userName: "Jing Liu", operation: "companyUser." }) { edges { node { operation account } } } }',
      {},
      { token: admin },
    );
    expect(g.body.data?.operationLogs.edges.length).toBe(res.body.data.rows);
    const none = await rest<Paged<unknown>>(t, '/api/admin/sys/operate/log/listSysOperateLogByPage.htm', { json: { condition: { userName: '不存在的人' } }, token: admin });
    expect(none.body.data.rows).toBe(0);
  });
});
