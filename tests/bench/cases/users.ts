import pg from 'pg';
import type { BenchCaseFile } from '../env.ts';

const PEOPLE = 'query($n: Int!) { people(first: $n, filter: { type: STAFF }) { totalCount edges { node { id name isOnline department { name } roles { code } } } } }';
/** The same people read by hand (online first, with department, roles and the total): one statement. */
const RAW_PEOPLE = `SELECT u.id, u.name, u.last_active_at, CASE WHEN d.id IS NULL THEN NULL ELSE json_build_object('name', d.name) END AS department,
    COALESCE((SELECT json_agg(json_build_object('code', r.code)) FROM user_roles ur JOIN roles r ON r.id = ur.role_id WHERE ur.user_id = u.id), '[]') AS roles,
    count(*) OVER () AS total
  FROM users u LEFT JOIN departments d ON d.id = u.department_id
  WHERE u.type = 1 ORDER BY (u.last_active_at >= now() - interval '5 minutes') DESC NULLS LAST, u.id LIMIT $1`;

/** The users module's hot paths: person lists (online first), through both doors. */
const cases: BenchCaseFile = async ({ call, gql, adminToken, url, onClose }) => {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  onClose(() => pool.end());
  const raw = async (n: number) => (await pool.query(RAW_PEOPLE, [n])).rows;
  const auth = { 'content-type': 'application/json', 'x-token': adminToken };
  const post = (path: string, body: unknown) => () => call(path, { method: 'POST', headers: auth, body: JSON.stringify(body) });
  return [
    {
      name: 'GraphQL users(first: 20) + department, roles',
      run: () => gql(adminToken, '{ users(first: 20) { edges { node { id name department { name } roles { code } } } } }'),
    },
    { name: 'REST listUserByPage (staff, online first)', run: post('/api/admin/user/listUserByPage.htm', { pageResult: { currentPage: 1, pageSize: 20 }, condition: { type: 1 } }) },
    { name: 'REST listUserStudentByPage', run: post('/api/admin/user/listUserStudentByPage.htm', { pageResult: { currentPage: 2, pageSize: 20 } }) },
    { name: 'GraphQL people(first: 20) + department, roles', vs: 'raw SQL, 20 people with department, roles', run: () => gql(adminToken, PEOPLE, { n: 20 }) },
    { name: 'raw SQL, 20 people with department, roles', run: () => raw(20) },
    { name: 'GraphQL people(first: 200) + department, roles', iterations: 100, vs: 'raw SQL, 200 people with department, roles', run: () => gql(adminToken, PEOPLE, { n: 200 }) },
    { name: 'raw SQL, 200 people with department, roles', iterations: 100, run: () => raw(200) },
  ];
};
export default cases;
