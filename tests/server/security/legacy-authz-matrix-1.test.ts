/** The legacy door's authorisation matrix, the coverage check and one half of the rows (./legacy-matrix.ts, docs/security.md). */
import { describeCoverage, describeLegacyShard } from './legacy-matrix.ts';

describeCoverage();
describeLegacyShard(0, 2);
