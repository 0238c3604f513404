import type { BenchCaseFile } from '../env.ts';

/** Bench cases of the schedule area. */
const cases: BenchCaseFile = async () => [];
export default cases;
