import type { BenchCaseFile } from '../env.ts';

/** Bench cases of the workdaily area. */
const cases: BenchCaseFile = async () => [];
export default cases;
