/**
 * A minimal GraphQL-over-SSE client for tests: posts a subscription with
 * `Accept: text/event-stream` and reads `next` events from the response body.
 */
export type SseStream = {
  status: number;
  contentType: string | null;
  /** The next `next` event's payload; rejects after `timeoutMs`. */
  next: (timeoutMs?: number) => Promise<{ data?: Record<string, unknown>; errors?: Array<{ message: string; extensions?: { code?: string } }> }>;
  /** Whether the server ended the stream (a `complete` event or the body's end). */
  ended: () => boolean;
  close: () => void;
};

export async function subscribeSse(url: string, query: string, token: string | null): Promise<SseStream> {
  const abort = new AbortController();
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream', ...(token ? { 'x-token': token } : {}) },
    body: JSON.stringify({ query }),
    signal: abort.signal,
  });
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let done = false;
  const queue: Array<Record<string, unknown>> = [];
  const wake: { fn: (() => void) | null } = { fn: null };
  void (async () => {
    try {
      for (;;) {
        const { value, done: end } = await reader.read();
        if (end) break;
        buffer += decoder.decode(value, { stream: true });
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const lines = block.split('\n');
          const event = lines
            .find((l) => l.startsWith('event:'))
            ?.slice(6)
            .trim();
          const data = lines
            .filter((l) => l.startsWith('data:'))
            .map((l) => l.slice(5).trim())
            .join('\n');
          if (event === 'complete') done = true;
          else if (data) queue.push(JSON.parse(data) as Record<string, unknown>);
          wake.fn?.();
        }
      }
    } catch {
      // aborted
    }
    done = true;
    wake.fn?.();
  })();
  return {
    status: res.status,
    contentType: res.headers.get('content-type'),
    ended: () => done,
    close: () => abort.abort(),
    next: async (timeoutMs = 5000) => {
      const deadline = Date.now() + timeoutMs;
      while (!queue.length) {
        if (done) throw new Error('stream ended');
        const left = deadline - Date.now();
        if (left <= 0) throw new Error('no event in time');
        await new Promise<void>((resolve) => {
          wake.fn = resolve;
          setTimeout(resolve, left);
        });
        wake.fn = null;
      }
      return queue.shift() as never;
    },
  };
}
