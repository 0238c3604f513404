import { setMaxListeners } from 'node:events';
/**
 * The process's shutdown: aborted on SIGTERM/SIGINT (main.ts), so that open event streams
 * (the letters' live badge) end at once instead of holding their connections until the
 * drain deadline. Clients reconnect to another process behind the balancer.
 */
const shutdown = new AbortController();
// One listener per open event stream: many are expected.
setMaxListeners(0, shutdown.signal);

export const shutdownSignal: AbortSignal = shutdown.signal;

export function beginShutdown(): void {
  shutdown.abort();
}
