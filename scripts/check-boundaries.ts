/**
 * Module boundaries, checked on every import of every file of the product: server/, client/
 * and shared/ (npm run lint:boundaries). Tests and scripts are tools and may import anything.
 *
 *   internal    a file in server/modules/<A>/ imports a file of another module <B> other than
 *               server/modules/<B>/index.ts;
 *   cycle       modules import each other in a circle (module-level graph, every import counted,
 *               type-only ones too: a circle of types is still a circle of knowledge);
 *   file-cycle  files of server/ import each other in a circle (file-level graph, type-only
 *               imports counted too);
 *   core        the core (server/lib, server/rest, server/graphql, server/session, server/db,
 *               server/i18n and the files at server/) imports server/modules/ (except the
 *               composition files below);
 *   client      a file of client/ imports a file of server/ (what both sides need lives in shared/);
 *   shared      a file of shared/ imports a file of server/ or client/ (shared/ is pure code);
 *   area        a file in client/src/screens/<A>/ imports a file of another area <B> other than
 *               client/src/screens/<B>/index.ts (what several areas use lives in client/src/components/);
 *               a `.route.ts` file may import another area's generated Relay query artifact.
 *
 * Imports are read with TypeScript's own import scanner (`preProcessFile`: static, re-export,
 * side-effect and dynamic imports, comments and strings ignored), from the `typescript6`
 * alias because TypeScript 7 ships no JavaScript API (docs/tooling.md). Only relative
 * specifiers can cross a boundary here (there are no path aliases), so packages are
 * skipped. Exit 1 with one line per finding naming both files.
 *
 * Options: --json (machine-readable findings), --quiet (summary only).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript6';

const ROOT = path.resolve(import.meta.dirname, '..');
const SERVER = path.join(ROOT, 'server');
const CLIENT = path.join(ROOT, 'client');
const SHARED = path.join(ROOT, 'shared');
const MODULES = path.join(SERVER, 'modules');
const AREAS = path.join(CLIENT, 'src', 'screens');
const CORE_DIRS = ['lib', 'rest', 'graphql', 'session', 'db', 'i18n'].map((d) => path.join(SERVER, d));
/** Composition files: they assemble the modules into the app and may import any module's index. */
const COMPOSITION = new Set(['server/graphql/schema.ts', 'server/app.ts', 'server/main.ts', 'server/modules/index.ts']);
const SKIP_DIRS = new Set(['generated', 'node_modules', '__generated__', 'dist']);

type Rule = 'internal' | 'cycle' | 'file-cycle' | 'core' | 'client' | 'shared' | 'area';
type Finding = { rule: Rule; from: string; to: string; message: string };
const RULES: Rule[] = ['internal', 'cycle', 'file-cycle', 'core', 'client', 'shared', 'area'];

const rel = (file: string) => path.relative(ROOT, file).split(path.sep).join('/');
const under = (dir: string, file: string) => file.startsWith(dir + path.sep);

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

/** `<dir>/<name>/...` -> name; a file directly in `dir` or outside it -> null. */
function groupOf(dir: string, file: string): string | null {
  const r = path.relative(dir, file);
  if (r.startsWith('..') || path.isAbsolute(r)) return null;
  const parts = r.split(path.sep);
  return parts.length > 1 ? parts[0]! : null;
}
const moduleOf = (file: string) => groupOf(MODULES, file); // server/modules/index.ts belongs to no module
const areaOf = (file: string) => groupOf(AREAS, file);
const isIndexOf = (dir: string, file: string) => {
  const g = groupOf(dir, file);
  return g !== null && /^index\.tsx?$/.test(path.relative(path.join(dir, g), file));
};

/**
 * A route file (`<Screen>.route.ts`, read by the router's preload table) may start the query of
 * another area's component by its Relay artifact: the preload must use the very artifact the
 * component reads, and the area's index.ts would load that area's screens with the route table.
 */
const isPreloadedQuery = (file: string, target: string) => file.endsWith('.route.ts') && path.basename(path.dirname(target)) === '__generated__' && target.endsWith('Query.graphql.ts');

/** The core: the shared directories of server/ and the files directly in server/. */
const inCore = (file: string) => CORE_DIRS.some((dir) => under(dir, file)) || path.dirname(file) === SERVER;

/** Strongly connected components with more than one node (Tarjan), members and components sorted. */
function circles(graph: Map<string, Set<string>>): string[][] {
  const nodes = [...new Set([...graph.keys(), ...[...graph.values()].flatMap((s) => [...s])])].sort();
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
    for (const w of [...(graph.get(v) ?? [])].sort()) {
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
      if (component.length > 1 || graph.get(v)?.has(v)) components.push(component.sort());
    }
  };
  for (const v of nodes) if (!index.has(v)) connect(v);
  return components;
}

export function check(): { findings: Finding[]; files: number; edges: number } {
  const files = [SERVER, CLIENT, SHARED].filter((d) => isFile(d) || statSync(d, { throwIfNoEntry: false })?.isDirectory()).flatMap((d) => walk(d));
  const findings: Finding[] = [];
  /** module -> module -> example file pairs */
  const moduleGraph = new Map<string, Map<string, [string, string][]>>();
  /** server file -> server files it imports */
  const fileGraph = new Map<string, Set<string>>();
  let edges = 0;
  const add = (rule: Rule, from: string, to: string, message: string) => findings.push({ rule, from, to, message });

  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    for (const { fileName: specifier } of importedFiles) {
      const target = resolveImport(file, specifier);
      if (!target) continue;
      edges++;
      const r = rel(file);
      const t = rel(target);

      const from = moduleOf(file);
      const to = moduleOf(target);
      if (from && to && from !== to) {
        const byTarget = moduleGraph.get(from) ?? new Map<string, [string, string][]>();
        moduleGraph.set(from, byTarget);
        const pairs = byTarget.get(to) ?? [];
        byTarget.set(to, pairs);
        pairs.push([r, t]);
        if (!isIndexOf(MODULES, target)) {
          add('internal', r, t, `${r} imports ${t}, an internal file of module '${to}': import from server/modules/${to}/index.ts`);
        }
      }
      if (under(SERVER, file) && under(SERVER, target)) {
        const set = fileGraph.get(r) ?? new Set<string>();
        fileGraph.set(r, set);
        set.add(t);
      }
      if (inCore(file) && !COMPOSITION.has(r) && under(MODULES, target)) {
        add('core', r, t, `${r} (shared core) imports ${t}: the core must not depend on server/modules/ (only ${[...COMPOSITION].join(', ')} compose modules)`);
      }
      if (under(CLIENT, file) && under(SERVER, target)) {
        add('client', r, t, `${r} (client) imports ${t} (server): move what both sides need to shared/`);
      }
      if (under(SHARED, file) && (under(SERVER, target) || under(CLIENT, target))) {
        add('shared', r, t, `${r} (shared) imports ${t}: shared/ holds pure code that imports neither server/ nor client/`);
      }
      const fromArea = areaOf(file);
      const toArea = areaOf(target);
      if (fromArea && toArea && fromArea !== toArea && !isIndexOf(AREAS, target) && !isPreloadedQuery(file, target)) {
        add('area', r, t, `${r} imports ${t}, an internal file of client area '${toArea}': import from client/src/screens/${toArea}/index.ts, or move the shared part to client/src/components/`);
      }
    }
  }

  // Module-level cycles: every edge of each circle, with its file pairs.
  const moduleEdges = new Map([...moduleGraph].map(([m, byTarget]) => [m, new Set(byTarget.keys())]));
  for (const component of circles(moduleEdges)) {
    const members = new Set(component);
    for (const a of component) {
      for (const [b, pairs] of [...(moduleGraph.get(a) ?? [])].sort(([x], [y]) => x.localeCompare(y))) {
        if (!members.has(b)) continue;
        for (const [f, t] of pairs) {
          add('cycle', f, t, `modules ${component.join(' <-> ')} import each other in a circle; edge ${a} -> ${b}: ${f} imports ${t}`);
        }
      }
    }
  }
  // File-level cycles in server/: each import inside a circle is one finding.
  for (const component of circles(fileGraph)) {
    const members = new Set(component);
    for (const f of component) {
      for (const t of [...(fileGraph.get(f) ?? [])].sort()) {
        if (members.has(t)) add('file-cycle', f, t, `files ${component.join(' <-> ')} import each other in a circle; ${f} imports ${t}`);
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
  const counts = RULES.map((rule) => `${findings.filter((f) => f.rule === rule).length} ${rule}`).join(', ');
  const summary = `check-boundaries: ${files} files, ${edges} relative imports, ${ms} ms: ${counts}`;
  if (findings.length) {
    console.error(`${summary} -- FAILED`);
    process.exit(1);
  }
  console.log(`${summary} -- ok`);
}
