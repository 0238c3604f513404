import type { BenchCaseFile } from '../env.ts';

/** Bench cases of the org area. */
const cases: BenchCaseFile = async () => [];
export default cases;
