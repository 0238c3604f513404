/**
 * Every error code the server throws is listed in one place: a module's in
 * `server/modules/<m>/<m>.errors.ts` (`defineErrors`, registered by its index.ts), the core's in
 * `server/errors.ts` (`coreErrors`), each code with the catalogue keys of its messages.
 *
 * The source is scanned for the ways a code is thrown: `new DomainError('CODE', 'key'...)`
 * (literal codes, also both sides of a `cond ? 'A' : 'B'`), `<m>Errors.rule('CODE', 'key'...)`,
 * `new ValidationError('key', params, 'CODE')`, `new UploadError('CODE')` and
 * `super('CODE', 'key')` in the error classes. A code thrown with a variable (a rethrown
 * `err.code`) is not a new code and is not scanned.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { coreErrors, type ErrorCodes } from '../../server/errors.ts';
import { catalogue, type MessageKey } from '../../server/i18n/catalogue.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SERVER = path.join(ROOT, 'server');
const MODULES = path.join(SERVER, 'modules');

/**
 * Modules whose codes are not listed yet: their throws are not checked. The list only shrinks:
 * a module leaves it when its `<m>.errors.ts` lands (the test fails if a listed module has one).
 */
const NOT_YET_LISTED = new Set<string>([]);

type Thrown = { code: string; key: string | null; kind: 'rule' | 'input'; file: string; line: number };

const CODE = /'([A-Z][A-Z0-9_]*)'/g;
const KEY = /^\s*'([a-zA-Z][\w.]*)'\s*$/;
const PATTERNS: { re: RegExp; kind: Thrown['kind']; codes: 'first' | 'all'; key: 'second' | 'first' | null }[] = [
  { re: /new DomainError\(\s*([^,()]+?)\s*,\s*([^,()]+)/g, kind: 'rule', codes: 'first', key: 'second' },
  { re: /\b\w+Errors\.rule\(\s*([^,()]+?)\s*,\s*([^,()]+)/g, kind: 'rule', codes: 'first', key: 'second' },
  { re: /new UploadError\(\s*([^,()]+)/g, kind: 'rule', codes: 'first', key: null },
  { re: /super\(\s*('[A-Z][A-Z0-9_]*')\s*,\s*([^,()]+)/g, kind: 'rule', codes: 'first', key: 'second' },
  { re: /new ValidationError\(([^;]*?)\)\s*[;:,)]/g, kind: 'input', codes: 'all', key: 'first' },
];

function walk(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (entry.name !== 'generated') walk(path.join(dir, entry.name), out);
    } else if (entry.name.endsWith('.ts')) out.push(path.join(dir, entry.name));
  }
  return out;
}

/** `server/modules/<m>/...` -> m; any other server file -> 'core'. */
const ownerOf = (file: string) => {
  const r = path.relative(MODULES, file);
  return r.startsWith('..') ? 'core' : r.split(path.sep)[0]!;
};

function scan(): Map<string, Thrown[]> {
  const byOwner = new Map<string, Thrown[]>();
  for (const file of walk(SERVER)) {
    const text = readFileSync(file, 'utf8');
    for (const { re, kind, codes, key } of PATTERNS) {
      for (const m of text.matchAll(re)) {
        const args = m[1]!;
        const keyText = key === 'second' ? m[2]! : key === 'first' ? args.split(',')[0]! : '';
        const keyMatch = KEY.exec(keyText);
        const codeText = codes === 'first' ? args : args.split(',').slice(1).join(',');
        for (const [, code] of codeText.matchAll(CODE)) {
          const list = byOwner.get(ownerOf(file)) ?? [];
          byOwner.set(ownerOf(file), list);
          list.push({ code: code!, key: keyMatch ? keyMatch[1]! : null, kind, file: path.relative(ROOT, file), line: text.slice(0, m.index).split('\n').length });
        }
      }
    }
  }
  return byOwner;
}

const moduleNames = readdirSync(MODULES, { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name)
  .sort();

async function listOf(name: string): Promise<ErrorCodes | undefined> {
  if (name === 'core') return coreErrors.list;
  const file = path.join(MODULES, name, `${name}.errors.ts`);
  const exported = (await import(file).catch(() => ({}))) as Record<string, unknown>;
  const lists = Object.values(exported).filter((v): v is { list: ErrorCodes } => typeof v === 'object' && v !== null && 'list' in v);
  return lists[0]?.list;
}

/** Every module's texts (`<m>.messages.ts`), which the catalogue holds once the modules are registered. */
async function moduleMessages(): Promise<Record<string, unknown>> {
  const tables = await Promise.all(
    moduleNames.map(async (name) => {
      const file = path.join(MODULES, name, `${name}.messages.ts`);
      const exported = (await import(file).catch(() => ({}))) as Record<string, Record<string, unknown>>;
      return Object.assign({}, ...Object.values(exported)) as Record<string, unknown>;
    }),
  );
  return Object.assign({}, ...tables) as Record<string, unknown>;
}

/** Where a thrown code breaks its list: not listed, or listed without the message it is thrown with. */
function problems(thrown: Thrown[], list: ErrorCodes): string[] {
  const out: string[] = [];
  for (const t of thrown) {
    const keys = list[t.kind][t.code];
    if (!keys) out.push(`${t.file}:${t.line} throws ${t.code} (${t.kind}), not listed`);
    else if (t.key && keys.length && !keys.includes(t.key as MessageKey)) out.push(`${t.file}:${t.line} throws ${t.code} with ${t.key}, not listed for it`);
  }
  return out;
}

describe('error codes', () => {
  const thrown = scan();

  it('finds the throws (the scan works)', () => {
    expect(thrown.get('core')?.some((t) => t.code === 'MAIL_FAILED')).toBe(true);
    expect([...thrown.values()].flat().length).toBeGreaterThan(300);
  });

  it.each(['core', ...moduleNames])('%s: every code thrown is listed with its message', async (name) => {
    const list = await listOf(name);
    if (NOT_YET_LISTED.has(name)) {
      expect(list, `${name} has an errors file: remove it from NOT_YET_LISTED`).toBeUndefined();
      return;
    }
    expect(list, `server/modules/${name}/${name}.errors.ts is missing`).toBeDefined();
    expect(problems(thrown.get(name) ?? [], list!)).toEqual([]);
  });

  it.each(['core', ...moduleNames.filter((m) => !NOT_YET_LISTED.has(m))])('%s: every listed message is in the catalogue, in Chinese and English', async (name) => {
    const list = (await listOf(name))!;
    const keys = [...Object.values(list.rule), ...Object.values(list.input)].flat();
    const texts = { ...catalogue, ...(await moduleMessages()) } as Record<string, { zh?: string; en?: string } | undefined>;
    const missing = keys.filter((k) => !texts[k]?.zh || !texts[k]?.en);
    expect(missing).toEqual([]);
  });
});
