/**
 * What a viewer may do to a person, answered on the person (issue 32: a manager's menu offered
 * 停用 and 重置密码 on an administrator, then the server refused): `viewerCanEdit`,
 * `viewerCanChangeState`, `viewerCanResetPassword` and `viewerRestriction` say exactly what the
 * writes then do.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, gql, loginGql, type TestApp } from '../../helpers/app.ts';
import { userId } from '../support.ts';

let t: TestApp;
let admin: string;
let manager: string;
let consultant: string;
const gid = (type: string, id: number) => Buffer.from(`${type}:${id}`).toString('base64');

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginGql(t, DEMO.admin);
  manager = await loginGql(t, DEMO.manager);
  consultant = await loginGql(t, DEMO.consultant);
});
afterAll(async () => {
  await t?.close();
});

const ACTS = `query($id: ID!) { node(id: $id) { ... on User { viewerCanEdit viewerCanChangeState viewerCanResetPassword viewerRestriction } } }`;
const acts = async (token: string, id: number) => (await gql<{ node: Record<string, unknown> }>(t, ACTS, { id: gid('User', id) }, { token })).body.data!.node;
const DEACTIVATE = `mutation($input: StaffStateInput!) { deactivateStaff(input: $input) { __typename ... on Error { code message } } }`;
const RESET = `mutation($input: ResetPasswordInput!) { resetPassword(input: $input) { __typename ... on Error { code message } } }`;

describe('viewerCan… on a person', () => {
  it('a manager on an administrator: nothing allowed, with the reason; the writes refuse alike', async () => {
    const adminId = await userId(t, 'admin');
    expect(await acts(manager, adminId)).toEqual({ viewerCanEdit: false, viewerCanChangeState: false, viewerCanResetPassword: false, viewerRestriction: '管理员账号只能由管理员修改' });
    const off = (await gql<any>(t, DEACTIVATE, { input: { userId: gid('User', adminId) } }, { token: manager })).body.data.deactivateStaff;
    expect(off.code).toBe('FORBIDDEN');
    const reset = (await gql<any>(t, RESET, { input: { userId: gid('User', adminId), sendMail: false } }, { token: manager })).body.data.resetPassword;
    expect(reset.code).toBe('FORBIDDEN');
  });

  it('a manager on a consultant and an administrator on a manager: allowed, and the write succeeds', async () => {
    const consultantId = await userId(t, 'consultant');
    expect(await acts(manager, consultantId)).toEqual({ viewerCanEdit: true, viewerCanChangeState: true, viewerCanResetPassword: true, viewerRestriction: null });
    const managerId = await userId(t, 'manager');
    expect(await acts(admin, managerId)).toEqual({ viewerCanEdit: true, viewerCanChangeState: true, viewerCanResetPassword: true, viewerRestriction: null });
    const lecturerId = await userId(t, 'lecturer');
    expect(await acts(manager, lecturerId)).toMatchObject({ viewerCanResetPassword: true });
    const reset = (await gql<any>(t, RESET, { input: { userId: gid('User', lecturerId), sendMail: false } }, { token: manager })).body.data.resetPassword;
    expect(reset.__typename).toBe('ResetPasswordPayload');
  });

  it('nobody may deactivate themself; a consultant without the rights may do nothing, and no reason is given', async () => {
    const managerId = await userId(t, 'manager');
    expect(await acts(manager, managerId)).toMatchObject({ viewerCanEdit: true, viewerCanChangeState: false });
    const adminId = await userId(t, 'admin');
    expect(await acts(consultant, adminId)).toEqual({ viewerCanEdit: false, viewerCanChangeState: false, viewerCanResetPassword: false, viewerRestriction: null });
  });
});
