/**
 * Module boundaries, checked on every import of every server file (npm run lint:boundaries).
 *
 *   internal  a file in server/modules/<A>/ imports a file of another module <B> other than
 *             server/modules/<B>/index.ts;
 *   cycle     modules import each other in a circle (module-level graph, every import counted,
 *             type-only ones too: a circle of types is still a circle of knowledge);
 *   core      server/lib, server/rest, server/graphql (the shared core) import server/modules/
 *             (except the composition files below).
 *
 * Imports are read with TypeScript's own import scanner (`preProcessFile`: static, re-export,
 * side-effect and dynamic imports, comments and strings ignored), from the `typescript6`
 * alias because TypeScript 7 ships no JavaScript API (docs/tooling.md). Only relative
 * specifiers can cross a module boundary here (there are no path aliases), so packages are
 * skipped. Exit 1 with one line per finding naming both files.
 *
 * Options: --json (machine-readable findings), --quiet (summary only).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript6';

const ROOT = path.resolve(import.meta.dirname, '..');
const SERVER = path.join(ROOT, 'server');
const MODULES = path.join(SERVER, 'modules');
const CORE = ['lib', 'rest', 'graphql'].map((d) => path.join(SERVER, d));
/** Composition files: they assemble the modules into the app and may import any module's index. */
const COMPOSITION = new Set(['server/graphql/schema.ts', 'server/app.ts', 'server/modules/index.ts']);
const SKIP_DIRS = new Set(['generated', 'node_modules', '__generated__']);

type Finding = { rule: 'internal' | 'cycle' | 'core'; from: string; to: string; message: string };

const rel = (file: string) => path.relative(ROOT, file).split(path.sep).join('/');

function walk(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name)) walk(path.join(dir, entry.name), out);
    } else if (/\.(ts|tsx|mts|cts|js|mjs)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) {
      out.push(path.join(dir, entry.name));
    }
  }
  return out;
}

const isFile = (p: string) => {
  try {
    return statSync(p).isFile();
  } catch {
    return false;
  }
};

function resolveImport(fromFile: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(fromFile), specifier);
  const candidates = [base, ...['.ts', '.tsx', '.js'].map((e) => base + e), ...['index.ts', 'index.tsx'].map((i) => path.join(base, i))];
  // `./x.js` written for `./x.ts` (NodeNext style) resolves to the .ts file.
  if (/\.js$/.test(base)) candidates.push(base.replace(/\.js$/, '.ts'));
  return candidates.find(isFile) ?? null;
}

/** `server/modules/<name>/...` -> name; anything else -> null. */
function moduleOf(file: string): string | null {
  const r = path.relative(MODULES, file);
  if (r.startsWith('..') || path.isAbsolute(r)) return null;
  const parts = r.split(path.sep);
  return parts.length > 1 ? parts[0]! : null; // server/modules/index.ts belongs to no module
}

const isModuleIndex = (file: string) => {
  const m = moduleOf(file);
  return m !== null && /^index\.tsx?$/.test(path.relative(path.join(MODULES, m), file));
};

const inCore = (file: string) => CORE.some((dir) => file.startsWith(dir + path.sep));

export function check(): { findings: Finding[]; files: number; edges: number } {
  const files = walk(SERVER);
  const findings: Finding[] = [];
  /** module -> module -> example file pairs */
  const graph = new Map<string, Map<string, [string, string][]>>();
  let edges = 0;

  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    for (const { fileName: specifier } of importedFiles) {
      const target = resolveImport(file, specifier);
      if (!target) continue;
      edges++;
      const from = moduleOf(file);
      const to = moduleOf(target);
      const r = rel(file);
      const t = rel(target);

      if (from && to && from !== to) {
        const byTarget = graph.get(from) ?? new Map<string, [string, string][]>();
        graph.set(from, byTarget);
        const pairs = byTarget.get(to) ?? [];
        byTarget.set(to, pairs);
        pairs.push([r, t]);
        if (!isModuleIndex(target)) {
          findings.push({
            rule: 'internal',
            from: r,
            to: t,
            message: `${r} imports ${t}, an internal file of module '${to}': import from server/modules/${to}/index.ts`,
          });
        }
      }
      if (inCore(file) && !COMPOSITION.has(r) && target.startsWith(MODULES + path.sep)) {
        findings.push({
          rule: 'core',
          from: r,
          to: t,
          message: `${r} (shared core) imports ${t}: the core must not depend on server/modules/ (only ${[...COMPOSITION].join(', ')} compose modules)`,
        });
      }
    }
  }

  // Module-level cycles: strongly connected components (Tarjan) with more than one module.
  const names = [...new Set([...graph.keys(), ...[...graph.values()].flatMap((m) => [...m.keys()])])].sort();
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  let counter = 0;
  const connect = (v: string) => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of [...(graph.get(v)?.keys() ?? [])].sort()) {
      if (!index.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v)!, index.get(w)!));
      }
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) components.push(component.sort());
    }
  };
  for (const v of names) if (!index.has(v)) connect(v);

  for (const component of components) {
    const members = new Set(component);
    for (const a of component) {
      for (const [b, pairs] of [...(graph.get(a) ?? [])].sort(([x], [y]) => x.localeCompare(y))) {
        if (!members.has(b)) continue;
        for (const [f, t] of pairs) {
          findings.push({
            rule: 'cycle',
            from: f,
            to: t,
            message: `modules ${component.join(' <-> ')} import each other in a circle; edge ${a} -> ${b}: ${f} imports ${t}`,
          });
        }
      }
    }
  }
  return { findings, files: files.length, edges };
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const started = performance.now();
  const { findings, files, edges } = check();
  const ms = Math.round(performance.now() - started);
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify(findings, null, 2));
  } else if (!process.argv.includes('--quiet')) {
    for (const f of findings) console.error(`${f.rule}: ${f.message}`);
  }
  const count = (rule: Finding['rule']) => findings.filter((f) => f.rule === rule).length;
  const summary = `check-boundaries: ${files} files, ${edges} relative imports, ${ms} ms: ${count('internal')} internal, ${count('cycle')} cycle, ${count('core')} core`;
  if (findings.length) {
    console.error(`${summary} -- FAILED`);
    process.exit(1);
  }
  console.log(`${summary} -- ok`);
}
