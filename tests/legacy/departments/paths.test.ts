/** Every legacy path of the departments module (org area of spec section 7) answers with the envelope. */
import { describeOrgPaths } from '../paths.ts';

describeOrgPaths('departments', 5, {
  '/api/admin/depart/getDepartById.htm': { id: 1 },
});
