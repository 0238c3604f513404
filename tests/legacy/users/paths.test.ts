/** Every legacy path of the users module (org area of spec section 7) answers with the envelope. */
import { describeOrgPaths } from '../paths.ts';

describeOrgPaths('users', 33, {
  '/api/admin/user/getUserDetail.htm': { id: 3 },
  '/api/admin/user/listUserRelate.htm': { id: 3 },
  '/api/admin/user/listUserTimeById.htm': { id: 3 },
  '/api/admin/user/related/listRelatedByCondition.htm': { userId: 3 },
  '/api/admin/user/related/listUserByRelated.htm': { userId: 3 },
  '/api/admin/user/checkAccount.htm': { account: 'nobody' },
  '/api/admin/user/checkMobile.htm': { mobile: '13900000000' },
});
