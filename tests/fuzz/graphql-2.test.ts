/** Fuzzing every GraphQL mutation from the schema, shard 2 of 2 (tests/fuzz/suite.ts, docs/fuzzing.md). */
import { describeFuzzShard } from './suite.ts';

describeFuzzShard('GraphQL', 1, 2);
