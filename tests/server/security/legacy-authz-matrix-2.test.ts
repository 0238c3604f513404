/** The legacy door's authorisation matrix, the other half of the rows (./legacy-matrix.ts, docs/security.md). */
import { describeLegacyShard } from './legacy-matrix.ts';

describeLegacyShard(1, 2);
