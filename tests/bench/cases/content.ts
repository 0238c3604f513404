import type { BenchCaseFile } from '../env.ts';

/** Bench cases of the content area. */
const cases: BenchCaseFile = async () => [];
export default cases;
