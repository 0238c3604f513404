/** Every legacy path of the system module in the org area of spec section 7 answers with the envelope. */
import { describeOrgPaths } from '../paths.ts';

describeOrgPaths('system', 1);
