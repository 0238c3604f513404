/**
 * Runs fuzz inputs against the app and checks each answer (not a test file). Used by the
 * vitest files of tests/fuzz/ (a fixed seed, a few dozen inputs per operation) and by
 * `npm run fuzz` (scripts/fuzz.ts, 1,000+ per operation). See docs/fuzzing.md.
 *
 * Per answer: no HTTP 5xx, no masked internal error (GraphQL INTERNAL_SERVER_ERROR, the legacy
 * door's 服务异常), and no stack trace, SQL, Prisma, table name or file path in the body.
 * Per refusal: every table's row count is unchanged and the operation log gained only FAILURE
 * rows (a refused write leaves nothing behind; a success may change counts).
 */
import fc from 'fast-check';
import type pg from 'pg';
import type { FuzzCase, Operation } from './inputs.ts';

export type Outcome = 'success' | 'refusal';

export type Violation = { door: string; operation: string; kind: string; detail: string; input: string };

export type OperationStats = {
  door: string;
  operation: string;
  inputs: number;
  refusals: number;
  successes: number;
  '5xx': number;
  internal: number;
  leaks: number;
  halfWrites: number;
};

export type FuzzTarget = {
  /** Sends a request to the app (no port). */
  fetch: (request: Request) => Response | Promise<Response>;
  /** A pool on the app's database, for row counts. */
  pool: pg.Pool;
  /** Logs in as the fuzzing account again (after an input ended its session) and answers the token. */
  relogin: () => Promise<string>;
  token: string;
};

/**
 * Tables that refusals may write by design: audit (a failed login is counted, an archive read
 * logged) and the server's own key material (the RSA login key is made on first use, which may be
 * a login that then fails: `npm run fuzz` met it as `system_secrets 0 → 1`).
 */
const UNCHECKED_TABLES = new Set(['operation_logs', 'login_attempts', 'archive_access_logs', 'system_secrets', '_prisma_migrations']);

const INTERNALS: Array<[string, RegExp]> = [
  ['stack frame', /\bat\s+\S+\s+\(?[^)\s]*:\d+:\d+\)?/],
  ['source file', /[\w-]\.(ts|js|mjs|cjs)\b(:\d+)?/],
  ['file path', /\/(work|server|home|root|usr|tmp)\/|node:internal|file:\/\//],
  ['node_modules', /node_modules/i],
  ['prisma', /prisma/i],
  ['SQL', /\b(SELECT\s.+\sFROM|INSERT\s+INTO|UPDATE\s+\S+\s+SET|DELETE\s+FROM)\b/i],
  ['database error', /\bP[0-9]{4}\b(?!-)|SQLSTATE|violates|\bconstraint\b|relation "|\bduplicate key\b|invalid input syntax|out of range for type|\bpg_/i],
  ['error class', /\b(TypeError|RangeError|ReferenceError|SyntaxError|ZodError|DomainError|ValidationError|UnreadableRequest|PrismaClient\w*)\b/],
  ['validation library', /invalid_type|too_big|too_small|\bzod\b/i],
  ['stack word', /\bstack\b/i],
];

const tablePatterns = new Map<string, RegExp>();
/** A table name as SQL or a database error would show it (one-word names are ordinary words and JSON keys elsewhere). */
function tablePattern(table: string): RegExp {
  let re = tablePatterns.get(table);
  if (!re) {
    re = table.includes('_') ? new RegExp(`\\b${table}\\b`) : new RegExp(`(?:from|into|update|join|table|relation)\\s+"?(?:public"?\\."?)?${table}\\b|"public"\\."${table}"`, 'i');
    tablePatterns.set(table, re);
  }
  return re;
}

/** The first internal detail an answer shows, or null. `tables` are the database's table names. */
export function findLeak(text: string, tables: string[]): string | null {
  for (const [name, pattern] of INTERNALS) {
    const m = pattern.exec(text);
    if (m) return `${name}: …${text.slice(Math.max(0, m.index - 60), m.index + 80)}…`;
  }
  for (const table of tables) {
    const m = tablePattern(table).exec(text);
    if (m) return `table ${table}: …${text.slice(Math.max(0, m.index - 60), m.index + 80)}…`;
  }
  return null;
}

/** Every string of a generated input (the answer may quote them back; that is not a leak). */
function strings(value: unknown, out: string[] = [], depth = 0): string[] {
  if (depth > 8) return out;
  if (typeof value === 'string') {
    if (value.length >= 2) out.push(value);
  } else if (Array.isArray(value)) {
    for (const v of value.slice(0, 20)) strings(v, out, depth + 1);
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      out.push(k);
      strings(v, out, depth + 1);
    }
  }
  return out;
}

function withoutEchoes(text: string, input: unknown): string {
  let out = text;
  for (const s of strings(input).sort((a, b) => b.length - a.length)) {
    for (const form of [s, JSON.stringify(s).slice(1, -1), JSON.stringify(JSON.stringify(s).slice(1, -1)).slice(1, -1)]) {
      if (form.length >= 2 && out.includes(form)) out = out.split(form).join('');
    }
  }
  return out;
}

/** What an answer says: success or refusal, or a crash (5xx / masked internal error). */
function classify(c: FuzzCase, status: number, text: string): { outcome: Outcome; internal: boolean; authLost: boolean } {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (c.path.startsWith('/graphql')) {
    const b = body as { data?: { r?: { __typename?: string; code?: string } | null } | null; errors?: Array<{ extensions?: { code?: string } }> } | undefined;
    const codes = (b?.errors ?? []).map((e) => e.extensions?.code);
    const internal = codes.includes('INTERNAL_SERVER_ERROR');
    const authLost = codes.includes('UNAUTHENTICATED') || codes.includes('TOKEN_EXPIRED');
    const r = b?.data?.r;
    const success = status === 200 && !b?.errors?.length && r !== null && r !== undefined && !(typeof r === 'object' && 'code' in r && r.code);
    return { outcome: success ? 'success' : 'refusal', internal, authLost };
  }
  const b = body as { status?: string; message?: string } | undefined;
  const internal = status === 500 || b?.message === '服务异常，请稍后再试';
  const authLost = b?.status === 'needUserLogin' || b?.status === 'tokenExpire';
  return { outcome: b?.status === 'success' ? 'success' : 'refusal', internal, authLost };
}

let addressSeq = 0;
/** A client address per request: the login throttle must not see one address fail a thousand times. */
function nextAddress(): string {
  addressSeq += 1;
  return `10.${200 + (process.pid % 50)}.${Math.floor(addressSeq / 250) % 250}.${addressSeq % 250}`;
}

function toRequest(c: FuzzCase, token: string): Request {
  const headers: Record<string, string> = { 'x-token': token, 'x-forwarded-for': nextAddress(), 'x-origin': 'PC' };
  if (c.contentType && c.method === 'POST') headers['content-type'] = c.contentType;
  return new Request(`http://fuzz.local${c.path}`, { method: c.method, headers, body: c.method === 'POST' ? (c.body as BodyInit | undefined) : undefined });
}

const short = (c: FuzzCase) => {
  const s = typeof c.body === 'string' ? c.body : c.body ? `<${c.body.byteLength} bytes>` : c.path;
  return s.length > 400 ? `${s.slice(0, 400)}… (${s.length} chars)` : s;
};

/**
 * The row count of every table (but the audit ones) and the last operation-log id, cheap
 * enough to read around every request: `install` adds to the fuzzed database a table of row
 * counts kept by statement triggers (inserted and deleted rows, in the writing transaction, so
 * a rolled-back write changes nothing). Only the fuzzer's own copy of the database gets them.
 */
export class RowCounter {
  tables: string[] = [];
  constructor(private readonly pool: pg.Pool) {}

  async init(): Promise<void> {
    const { rows } = await this.pool.query<{ tablename: string }>("SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'fuzz_row_counts' ORDER BY tablename");
    this.tables = rows.map((r) => r.tablename);
    const counted = this.tables.filter((t) => !UNCHECKED_TABLES.has(t));
    const exists = await this.pool.query("SELECT 1 FROM pg_tables WHERE schemaname = 'public' AND tablename = 'fuzz_row_counts'");
    if (exists.rowCount) return;
    const statements = [
      'CREATE TABLE fuzz_row_counts (t text PRIMARY KEY, n bigint NOT NULL)',
      `CREATE FUNCTION fuzz_count_inserted() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN UPDATE fuzz_row_counts SET n = n + (SELECT count(*) FROM changed_rows) WHERE t = TG_TABLE_NAME; RETURN NULL; END $$`,
      `CREATE FUNCTION fuzz_count_deleted() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN UPDATE fuzz_row_counts SET n = n - (SELECT count(*) FROM changed_rows) WHERE t = TG_TABLE_NAME; RETURN NULL; END $$`,
    ];
    for (const t of counted) {
      statements.push(`INSERT INTO fuzz_row_counts SELECT '${t}', count(*) FROM "${t}"`);
      statements.push(`CREATE TRIGGER fuzz_count_ins AFTER INSERT ON "${t}" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION fuzz_count_inserted()`);
      statements.push(`CREATE TRIGGER fuzz_count_del AFTER DELETE ON "${t}" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION fuzz_count_deleted()`);
    }
    await this.pool.query(`BEGIN; ${statements.join(';\n')}; COMMIT`);
  }

  async snapshot(): Promise<Snapshot> {
    const { rows } = await this.pool.query<{ counts: Record<string, number>; last_log: string }>(
      'SELECT (SELECT jsonb_object_agg(t, n) FROM fuzz_row_counts) AS counts, (SELECT coalesce(max(id), 0)::text FROM operation_logs) AS last_log',
    );
    return { counts: rows[0]!.counts, lastLog: rows[0]!.last_log };
  }

  /** Tables whose count differs, and operation-log rows since `lastLog` that are not failures. */
  async changesSince(before: Snapshot, after: Snapshot): Promise<string[]> {
    const changed = Object.keys(before.counts)
      .filter((t) => before.counts[t] !== after.counts[t])
      .map((t) => `${t} ${before.counts[t]} → ${after.counts[t]}`);
    if (after.lastLog === before.lastLog && changed.length === 0) return [];
    const { rows } = await this.pool.query<{ operation: string; outcome: string }>("SELECT operation, outcome FROM operation_logs WHERE id > $1 AND id <= $2 AND outcome <> 'FAILURE'", [before.lastLog, after.lastLog]);
    return [...changed, ...rows.map((r) => `operation log ${r.operation} ${r.outcome}`)];
  }
}

type Snapshot = { counts: Record<string, number>; lastLog: string };

/**
 * Sends `numRuns` inputs of one operation (fast-check's sample at `seed`) one after the other
 * and answers the counts and the violations found.
 */
export async function fuzzOperation(target: FuzzTarget, counter: RowCounter, op: Operation, options: { numRuns: number; seed: number }): Promise<{ stats: OperationStats; violations: Violation[] }> {
  const stats: OperationStats = { door: op.door, operation: op.name, inputs: 0, refusals: 0, successes: 0, '5xx': 0, internal: 0, leaks: 0, halfWrites: 0 };
  const violations: Violation[] = [];
  const cases = fc.sample(op.arbitrary, { numRuns: options.numRuns, seed: options.seed });
  let before = await counter.snapshot();

  for (const c of cases) {
    stats.inputs += 1;
    const res = await target.fetch(toRequest(c, target.token));
    const text = await res.text();
    const { outcome, internal, authLost } = classify(c, res.status, text);
    if (res.status >= 500) {
      stats['5xx'] += 1;
      violations.push({ door: op.door, operation: op.name, kind: `HTTP ${res.status}`, detail: text.slice(0, 300), input: short(c) });
    } else if (internal) {
      stats.internal += 1;
      violations.push({ door: op.door, operation: op.name, kind: 'internal error', detail: text.slice(0, 300), input: short(c) });
    }
    const leak = findLeak(withoutEchoes(text, c.input), counter.tables);
    if (leak) {
      stats.leaks += 1;
      violations.push({ door: op.door, operation: op.name, kind: 'leak', detail: leak, input: short(c) });
    }
    const after = await counter.snapshot();
    if (outcome === 'success') {
      stats.successes += 1;
    } else {
      stats.refusals += 1;
      // A refusal leaves every count as it was, and the operation log gains failures only.
      const changes = await counter.changesSince(before, after);
      if (changes.length > 0) {
        stats.halfWrites += 1;
        violations.push({ door: op.door, operation: op.name, kind: 'refusal wrote', detail: `${changes.join('; ')} (answer: ${text.slice(0, 200)})`, input: short(c) });
      }
    }
    before = after;
    if (authLost && !/login|refreshToken|doLogin|refresh\.htm/i.test(op.name)) {
      // An input ended the session (a password reset, a deactivation): log in again.
      target.token = await target.relogin();
      before = await counter.snapshot();
    }
  }
  return { stats, violations };
}

/** The table `npm run fuzz` prints (and docs/fuzzing.md keeps), one row per door and role. */
export function summarise(rows: OperationStats[]): Record<string, number> & { operations: number } {
  const sum = (k: keyof OperationStats) => rows.reduce((n, r) => n + (r[k] as number), 0);
  return {
    operations: rows.length,
    inputs: sum('inputs'),
    'min inputs/op': Math.min(...rows.map((r) => r.inputs)),
    refusals: sum('refusals'),
    successes: sum('successes'),
    '5xx': sum('5xx'),
    internal: sum('internal'),
    leaks: sum('leaks'),
    'half-writes': sum('halfWrites'),
  };
}
