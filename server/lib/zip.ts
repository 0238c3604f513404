/**
 * Writes a zip archive as a stream of chunks (fflate's streaming `Zip`, deflated entries, UTF-8
 * names): entries are added one after another and their bytes leave as they are compressed, so
 * a large attachment is never held whole. Used by the personal-data export (docs/security.md).
 */
import { Zip, ZipDeflate } from 'fflate';

export type ZipEntry = { name: string; body: Uint8Array | AsyncIterable<Uint8Array> };

export async function* zipStream(entries: AsyncIterable<ZipEntry> | Iterable<ZipEntry>): AsyncIterable<Uint8Array> {
  const out: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((err, data) => {
    if (err) failure = err;
    else out.push(data);
  });
  function* drain(): Generator<Uint8Array> {
    if (failure) throw failure;
    while (out.length) yield out.shift() as Uint8Array;
  }
  for await (const entry of entries) {
    const file = new ZipDeflate(entry.name, { level: 6 });
    zip.add(file);
    if (entry.body instanceof Uint8Array) file.push(entry.body, true);
    else {
      for await (const chunk of entry.body) {
        file.push(chunk);
        yield* drain();
      }
      file.push(new Uint8Array(0), true);
    }
    yield* drain();
  }
  zip.end();
  yield* drain();
}
