/**
 * The event loop's longest delay while some work runs (`monitorEventLoopDelay`), for the abuse
 * corpus of `npm run fuzz`. The monitor samples with a timer: a block before its first tick, or
 * one that ends the work without another tick, is never recorded (measured on Node 20: a
 * 120 ms block right after `enable()` read 0 ms). So the monitor ticks once before the work
 * and once after it, and only then is read.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';

const RESOLUTION_MS = 5;

/**
 * Runs `work` and answers its result with the longest event-loop delay seen meanwhile, and the
 * CPU time the process spent (all its threads), in ms. A delay far above the CPU time is the
 * machine's (the process was not scheduled), not the server's.
 */
export async function withLoopDelay<T>(work: () => Promise<T>): Promise<{ result: T; worstMs: number; cpuMs: number }> {
  const delay = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  delay.enable();
  await sleep(RESOLUTION_MS * 3);
  const cpu = process.cpuUsage();
  try {
    const result = await work();
    const used = process.cpuUsage(cpu);
    await sleep(RESOLUTION_MS * 3);
    return { result, worstMs: Math.round(delay.max / 1e6), cpuMs: Math.round((used.user + used.system) / 1000) };
  } finally {
    delay.disable();
  }
}
