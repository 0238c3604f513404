/**
 * A request body counted as it arrives: the stream errors as soon as more than `limit` bytes
 * have come, whether or not the request declared its length (a chunked body declares none).
 * Whoever reads it (a multipart parser, a JSON reader) stops there, having held at most
 * `limit` bytes; `exceeded()` tells a read that failed for that reason from an unreadable one.
 */
type CountedBody = { stream: ReadableStream<Uint8Array>; exceeded: () => boolean; bytes: () => number };

class BodyTooLarge extends Error {
  constructor() {
    super('request body over the limit');
  }
}

function countedBody(body: ReadableStream<Uint8Array>, limit: number): CountedBody {
  let seen = 0;
  let over = false;
  const stream = body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen > limit) {
          over = true;
          controller.error(new BodyTooLarge());
        } else controller.enqueue(chunk);
      },
    }),
  );
  return { stream, exceeded: () => over, bytes: () => seen };
}

/** The request with its body replaced by a counted one (same method, address and headers). */
export function withCountedBody(request: Request, limit: number): { request: Request; exceeded: () => boolean } {
  if (!request.body) return { request, exceeded: () => false };
  const counted = countedBody(request.body, limit);
  return { request: new Request(request, { body: counted.stream, duplex: 'half' } as RequestInit), exceeded: counted.exceeded };
}
