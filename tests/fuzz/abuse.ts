/**
 * The abuse corpus (not a test file): requests built to make the server work hard, each of which
 * must be refused at once with a clear error. `tests/fuzz/abuse.test.ts` asserts each refusal
 * (status, code, message); `npm run bench` (tests/bench/cases/abuse.ts) times them, goal under
 * 50 ms each. See docs/fuzzing.md.
 */

export type AbuseCase = {
  name: string;
  /** A fresh request each call (bodies are streams). */
  request: (token: string) => Request;
  /** The HTTP status of the refusal. */
  status: number;
  /** GraphQL: the error code (or the start of the message where armor gives no code); legacy: the message. */
  expect: { code?: string; message: RegExp };
};

const GRAPHQL = 'http://abuse.local/graphql';

function graphql(token: string, body: unknown, headers: Record<string, string> = {}): Request {
  return new Request(GRAPHQL, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-token': token, 'x-forwarded-for': '10.77.0.1', ...headers },
    body: typeof body === 'string' || body instanceof Uint8Array ? (body as BodyInit) : JSON.stringify(body),
  });
}

function legacy(token: string, path: string, body: BodyInit | Uint8Array, headers: Record<string, string> = {}): Request {
  return new Request(`http://abuse.local${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-token': token, 'x-forwarded-for': '10.77.0.1', ...headers },
    body: body as BodyInit,
  });
}

/** A body that sends a byte every 200 ms and never ends (a slow client). */
function slowBody(): ReadableStream<Uint8Array> {
  let timer: NodeJS.Timeout | undefined;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      return new Promise<void>((resolve) => {
        timer = setTimeout(() => {
          controller.enqueue(new Uint8Array([0x20]));
          resolve();
        }, 200);
      });
    },
    cancel() {
      clearTimeout(timer);
    },
  });
}

const streamed = (url: string, token: string, headers: Record<string, string>, body: ReadableStream<Uint8Array>) =>
  new Request(url, { method: 'POST', headers: { 'content-type': 'application/json', 'x-token': token, 'x-forwarded-for': '10.77.0.1', ...headers }, body, duplex: 'half' } as RequestInit);

/** A self-nesting path of the schema: department → parent → parent … */
const deep = (n: number) => `{ viewer { department { ${'parent { '.repeat(n)}id${' }'.repeat(n)} } } }`;
const aliases = (n: number) => `{ ${Array.from({ length: n }, (_, i) => `a${i}: viewer { id }`).join(' ')} }`;
const directives = (n: number) => `{ __typename ${'@include(if: true) '.repeat(n)}}`;
const MB = 1024 * 1024;

/** A body built and encoded on first use and kept (the bench times the refusal, not the building). */
function once(build: () => string): () => Uint8Array {
  let bytes: Uint8Array | undefined;
  return () => (bytes ??= new TextEncoder().encode(build()));
}
const bodies = {
  tokens: once(() => JSON.stringify({ query: `{ ${'__typename '.repeat(20_000)}}` })),
  ids: once(() => JSON.stringify({ query: 'query($ids: [ID!]!) { nodes(ids: $ids) { id } }', variables: { ids: Array.from({ length: 5000 }, (_, i) => String(i)) } })),
  manyIds: once(() => JSON.stringify({ query: 'query($ids: [ID!]!) { nodes(ids: $ids) { id } }', variables: { ids: Array.from({ length: 100_000 }, (_, i) => String(i)) } })),
  keys: once(() => `{"query":"{ __typename }","variables":{${Array.from({ length: 700_000 }, (_, i) => `"k${i}":1`).join(',')}}}`),
  values: once(() => `{"query":"{ __typename }","variables":{"a":[${Array.from({ length: 1000 }, () => `[${'1,'.repeat(999)}1]`).join(',')}]}}`),
  legacyBig: once(() => JSON.stringify({ ids: 'x'.repeat(3 * MB) })),
  legacyKeys: once(() => `{${Array.from({ length: 150_000 }, (_, i) => `"k${i}":1`).join(',')}}`),
  legacyIds: once(() => JSON.stringify({ ids: Array.from({ length: 5000 }, (_, i) => i + 1) })),
  legacyManyIds: once(() => JSON.stringify({ ids: Array.from({ length: 100_000 }, (_, i) => i + 1) })),
  legacyComma: once(() => JSON.stringify({ ids: Array.from({ length: 100_000 }, (_, i) => i + 1).join(',') })),
  legacyDeep: once(() => `${'['.repeat(100_000)}${']'.repeat(100_000)}`),
};

/** A chunked multipart body (no Content-Length): one file part of `mb` MB, never a closing boundary. */
function chunkedMultipart(mb: number): ReadableStream<Uint8Array> {
  const head = new TextEncoder().encode('--abuse\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\n');
  const filler = new Uint8Array(MB).fill(0x78);
  let sent = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent > mb) return controller.close();
      controller.enqueue(sent++ === 0 ? head : filler);
    },
  });
}

function chunkedUpload(token: string, path: string): Request {
  return new Request(`http://abuse.local${path}`, {
    method: 'POST',
    headers: { 'content-type': 'multipart/form-data; boundary=abuse', 'x-token': token, 'x-forwarded-for': '10.77.0.1' },
    body: chunkedMultipart(40),
    duplex: 'half',
  } as RequestInit);
}

export const ABUSE: AbuseCase[] = [
  // graphql-armor refuses in validation: HTTP 400 with `errors` and no `data`, whatever the accepted type (docs/integrators.md).
  { name: 'GraphQL depth 20 (limit 12)', request: (t) => graphql(t, { query: deep(20) }), status: 400, expect: { code: 'QUERY_TOO_DEEP', message: /^查询嵌套过深：最多12层$/ } },
  { name: 'GraphQL 500 aliases (limit 30)', request: (t) => graphql(t, { query: aliases(500) }), status: 400, expect: { code: 'TOO_MANY_ALIASES', message: /^查询别名过多：最多30个$/ } },
  { name: 'GraphQL 200 directives (limit 50)', request: (t) => graphql(t, { query: directives(200) }), status: 400, expect: { code: 'TOO_MANY_DIRECTIVES', message: /^查询指令过多：最多50个$/ } },
  { name: 'GraphQL 20,000 tokens (limit 5,000)', request: (t) => graphql(t, bodies.tokens()), status: 400, expect: { code: 'TOO_MANY_TOKENS', message: /^查询过长：最多5000个词法单元$/ } },
  {
    name: 'GraphQL batch of 100 operations',
    request: (t) =>
      graphql(
        t,
        Array.from({ length: 100 }, () => ({ query: '{ viewer { id } }' })),
      ),
    status: 400,
    expect: { code: 'BAD_REQUEST', message: /^Batching is not supported\.$/ },
  },
  {
    name: 'GraphQL 5,000 ids in a variable (limit 1,000)',
    request: (t) => graphql(t, bodies.ids()),
    status: 400,
    expect: { code: 'LIST_TOO_LONG', message: /^列表过长：ids最多1000项$/ },
  },
  {
    // Over the values a body may hold: refused before it is parsed.
    name: 'GraphQL 100,000 ids in a variable',
    request: (t) => graphql(t, bodies.manyIds()),
    status: 413,
    expect: { code: 'PAYLOAD_TOO_LARGE', message: /^请求内容过大$/ },
  },
  {
    name: 'GraphQL page of 5,000 in a variable',
    request: (t) => graphql(t, { query: 'query($n: Int) { users(first: $n) { edges { node { id } } } }', variables: { n: 5000 } }),
    status: 400,
    expect: { code: 'PAGE_TOO_LARGE', message: /^每页条数过大：first最多1000$/ },
  },
  {
    name: 'GraphQL nested pages 200 × 200 (cost)',
    request: (t) => graphql(t, { query: 'query($n: Int, $m: Int) { projects(first: $n) { edges { node { id members(first: $m) { edges { node { id } } } } } } }', variables: { n: 200, m: 200 } }),
    status: 400,
    expect: { code: 'QUERY_TOO_COSTLY', message: /^查询过于复杂/ },
  },
  {
    // Within 8 MB, but V8 takes seconds to parse this many distinct keys: refused before parsing.
    name: 'GraphQL 700,000 variable keys (7 MB)',
    request: (t) => graphql(t, bodies.keys()),
    status: 413,
    expect: { code: 'PAYLOAD_TOO_LARGE', message: /^请求内容过大$/ },
  },
  {
    name: 'GraphQL 1,000,000 values in nested lists',
    request: (t) => graphql(t, bodies.values()),
    status: 413,
    expect: { code: 'PAYLOAD_TOO_LARGE', message: /^请求内容过大$/ },
  },
  {
    name: 'GraphQL 9 MB body, declared (limit 8 MB)',
    request: (t) => graphql(t, 'x'.repeat(16), { 'content-length': String(9 * MB) }),
    status: 413,
    expect: { message: /^请求内容过大$/ },
  },
  {
    name: 'GraphQL 9 MB body, streamed',
    request: (t) => {
      const chunk = new TextEncoder().encode(' '.repeat(MB));
      let sent = 0;
      return streamed(GRAPHQL, t, {}, new ReadableStream<Uint8Array>({ pull: (c) => (sent++ < 9 ? c.enqueue(chunk) : c.close()) }));
    },
    status: 413,
    expect: { message: /^请求内容过大$/ },
  },
  {
    name: 'GraphQL slow body declaring 9 MB',
    request: (t) => streamed(GRAPHQL, t, { 'content-length': String(9 * MB) }, slowBody()),
    status: 413,
    expect: { message: /^请求内容过大$/ },
  },
  {
    name: 'legacy 3 MB JSON body (limit 2 MB)',
    request: (t) => legacy(t, '/api/admin/user/del.htm', bodies.legacyBig()),
    status: 413,
    expect: { message: /^请求内容过大$/ },
  },
  {
    name: 'legacy slow body declaring 3 MB',
    request: (t) => streamed('http://abuse.local/api/admin/user/del.htm', t, { 'content-length': String(3 * MB) }, slowBody()),
    status: 413,
    expect: { message: /^请求内容过大$/ },
  },
  {
    name: 'GraphQL variables nested 10,000 deep',
    request: (t) => graphql(t, `{"query":"{ __typename }","variables":{"a":${'['.repeat(10_000)}${']'.repeat(10_000)}}}`),
    status: 413,
    expect: { code: 'PAYLOAD_TOO_LARGE', message: /^请求内容过大$/ },
  },
  {
    name: 'legacy 150,000 keys (2 MB)',
    request: (t) => legacy(t, '/api/admin/user/del.htm', bodies.legacyKeys()),
    status: 413,
    expect: { message: /^请求内容过大$/ },
  },
  {
    name: 'legacy 5,000 ids (limit 1,000)',
    request: (t) => legacy(t, '/api/admin/user/del.htm', bodies.legacyIds()),
    status: 400,
    expect: { message: /^列表过长：ids最多1000项$/ },
  },
  {
    name: 'legacy 100,000 ids',
    request: (t) => legacy(t, '/api/admin/user/del.htm', bodies.legacyManyIds()),
    status: 413,
    expect: { message: /^请求内容过大$/ },
  },
  {
    name: 'legacy 100,000 ids as a comma text',
    request: (t) => legacy(t, '/api/admin/user/del.htm', bodies.legacyComma()),
    status: 400,
    expect: { message: /^列表过长：ids最多1000项$/ },
  },
  {
    name: 'legacy JSON nested 100,000 deep',
    request: (t) => legacy(t, '/api/admin/user/del.htm', bodies.legacyDeep()),
    status: 413,
    expect: { message: /^请求内容过大$/ },
  },
  // Issue 33: bodies counted as they arrive, rich text bounded before it is cleaned.
  { name: 'legacy chunked multipart of 40 MB (limit 25 MB)', request: (t) => chunkedUpload(t, '/api/upload/project/uploadProjectFile.htm'), status: 413, expect: { message: /^请求内容过大$/ } },
  { name: 'GraphQL chunked multipart of 40 MB (limit 25 MB)', request: (t) => chunkedUpload(t, '/graphql'), status: 413, expect: { code: 'PAYLOAD_TOO_LARGE', message: /^请求内容过大$/ } },
  {
    name: 'legacy rich text of 66,000 nested elements',
    request: (t) => legacy(t, '/api/admin/oaWorkNote/doSave.htm', JSON.stringify({ content: '<b>'.repeat(66_000) + 'x' })),
    status: 200,
    expect: { message: /^content格式过于复杂：最多5000个元素、100层嵌套$/ },
  },
];
