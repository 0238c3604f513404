/** Fuzzing every legacy write of the route table, shard 1 of 2 (tests/fuzz/suite.ts, docs/fuzzing.md). */
import { describeFuzzShard } from './suite.ts';

describeFuzzShard('legacy', 0, 2);
