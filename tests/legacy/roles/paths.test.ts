/** Every legacy path of the roles module (org area of spec section 7) answers with the envelope. */
import { describeOrgPaths } from '../paths.ts';

describeOrgPaths('roles', 5, {
  '/api/admin/auth/role/getRoleDetailById.htm': { id: 3 },
});
