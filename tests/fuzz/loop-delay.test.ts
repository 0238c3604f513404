/** The fuzz harness's event-loop measure records a block wherever it falls in the work. */
import { describe, expect, it } from 'vitest';
import { withLoopDelay } from './loop-delay.ts';

const block = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until);
};

describe('withLoopDelay', () => {
  it('records a block at the start of the work, in the middle and at its end', async () => {
    expect((await withLoopDelay(async () => block(250))).worstMs).toBeGreaterThanOrEqual(200);
    expect(
      (
        await withLoopDelay(async () => {
          await new Promise((r) => setTimeout(r, 20));
          block(250);
          await new Promise((r) => setTimeout(r, 20));
        })
      ).worstMs,
    ).toBeGreaterThanOrEqual(200);
    const { result, worstMs } = await withLoopDelay(async () => {
      await new Promise((r) => setTimeout(r, 20));
      block(250);
      return 'answered';
    });
    expect(result).toBe('answered');
    expect(worstMs).toBeGreaterThanOrEqual(200);
  });
});
