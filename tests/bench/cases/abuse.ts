import { ABUSE } from '../../fuzz/abuse.ts';
import type { BenchCaseFile } from '../env.ts';

/**
 * The abuse corpus (tests/fuzz/abuse.ts): how long each refusal takes, goal under 50 ms (the
 * p95). Its test (tests/fuzz/abuse.test.ts) asserts the refusals, not the time.
 */
const cases: BenchCaseFile = async ({ call, adminToken }) =>
  ABUSE.map((c) => ({
    name: `abuse: ${c.name}`,
    refused: true,
    goalMs: 50,
    iterations: 30,
    run: () => {
      const r = c.request(adminToken);
      const url = new URL(r.url);
      return call(url.pathname + url.search, { method: r.method, headers: r.headers, body: r.body, duplex: 'half' } as RequestInit);
    },
  }));
export default cases;
