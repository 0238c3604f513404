/** Fuzzing every GraphQL mutation from the schema, shard 1 of 2 (tests/fuzz/suite.ts, docs/fuzzing.md). */
import { describeFuzzShard } from './suite.ts';

describeFuzzShard('GraphQL', 0, 2);
