import type { BenchCaseFile } from '../env.ts';

/** Bench cases of the tasks area. */
const cases: BenchCaseFile = async () => [];
export default cases;
