/** Every legacy path of the archive-modules module (org area of spec section 7) answers with the envelope. */
import { describeOrgPaths } from '../paths.ts';

describeOrgPaths('archive-modules', 7, {
  '/api/admin/fs/role/module/listRoleModuleByRoleIdAndState.htm': { roleId: 3, state: 0 },
  '/api/admin/fs/role/module/getRoleModuleByBusIdAndState.htm': { busId: 1, state: 1 },
});
