/** Every legacy path of the companies module (org area of spec section 7) answers with the envelope. */
import { describeOrgPaths } from '../paths.ts';

describeOrgPaths('companies', 4);
