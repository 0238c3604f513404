import { createRandom } from './random.ts';

/**
 * The demo's selection lists (schools module) and the applications made from them
 * (applications module) are drawn from one random stream (seed 7707), archive by archive: the
 * six schools of the archive's list, then the open states of the applications made from it.
 * The two modules seed apart, so this replays the stream once and each seed takes its draws;
 * the rows stay what they were when one seeder wrote both.
 *
 * `archiveCount` archives (those applying, by id); picks are positions among the first
 * `SELECTION_POOL` schools.
 */
type ApplicationDraw = {
  /** 1 in progress, 2 rejected, 3 declined, 4 admitted. */
  state: number;
  submitted: boolean;
  studentDocState: number;
  parentDocState: number;
  recommendDocState: number;
  interview: number;
  inquiry: number;
  thirdInterview: number;
};
type SelectionDraw = { published: boolean; picks: number[]; applications: ApplicationDraw[] };

/** The lists are drawn from the first 46 schools of the schools module's seed, the US ones. */
export const SELECTION_POOL = 46;
/** Schools on a list; applications go to the first four of a published list. */
const LIST_LENGTH = 6;
const APPLICATIONS_PER_LIST = 4;

export function selectionDraws(archiveCount: number): SelectionDraw[] {
  const rand = createRandom(7707);
  const draws: SelectionDraw[] = [];
  for (let i = 0; i < archiveCount; i++) {
    const pool = Array.from({ length: SELECTION_POOL }, (_, k) => k);
    const picks: number[] = [];
    while (picks.length < LIST_LENGTH && pool.length) picks.push(pool.splice(rand.int(0, pool.length - 1), 1)[0] as number);
    const published = i % 3 !== 2;
    const applications: ApplicationDraw[] = [];
    if (published) {
      for (let k = 0; k < Math.min(APPLICATIONS_PER_LIST, picks.length); k++) {
        const state = (i + k) % 7 === 3 ? 4 : (i + k) % 7 === 5 ? 2 : (i + k) % 11 === 6 ? 3 : 1;
        const submitted = state !== 1 || k < 2;
        // Drawn in this order (the order the fields were written in).
        const studentDocState = submitted ? 2 : rand.int(0, 1);
        const parentDocState = submitted ? 2 : rand.int(0, 1);
        const recommendDocState = submitted ? 3 : rand.int(0, 2);
        const interview = submitted ? 3 : rand.int(0, 2);
        const inquiry = rand.int(0, 2);
        const thirdInterview = submitted ? 2 : rand.int(0, 1);
        applications.push({ state, submitted, studentDocState, parentDocState, recommendDocState, interview, inquiry, thirdInterview });
      }
    }
    draws.push({ published, picks, applications });
  }
  return draws;
}
