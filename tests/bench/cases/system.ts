import type { BenchCaseFile } from '../env.ts';

/** The system module's hot paths: time zones and the operation log. */
const cases: BenchCaseFile = async ({ call, adminToken }) => {
  const auth = { 'content-type': 'application/json', 'x-token': adminToken };
  return [
    {
      name: 'REST listSysTimeZone',
      run: () => call('/api/admin/sys/time/zone/listSysTimeZone.htm', { method: 'POST', headers: auth, body: '{}' }),
    },
    {
      name: 'REST listSysOperateLogByPage',
      run: () => call('/api/admin/sys/operate/log/listSysOperateLogByPage.htm', { method: 'POST', headers: auth, body: JSON.stringify({ pageResult: { currentPage: 1, pageSize: 20 } }) }),
    },
  ];
};
export default cases;
