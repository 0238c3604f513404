/**
 * `npx tsx scripts/count-unknown.ts [module…]`: the service functions that take an untyped
 * input. Counts every function exported by a file of `server/modules/<m>/` other than its
 * doors (`*.node.ts`, `*.mutations.ts`, `*.rest.ts`, `rest/`) and its seed, whose parameters
 * include one typed `unknown` (`raw: unknown`, validated inside); prints the total, the count
 * per module and, with module names, each function. The measure of issue 31's typed contracts
 * (docs/tooling.md).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript6';

const root = path.resolve(import.meta.dirname, '..');
const modulesDir = path.join(root, 'server/modules');
const only = process.argv.slice(2);
const door = (file: string) => /\.(node|mutations|rest|seed)\.ts$/.test(file) || file.split(path.sep).includes('rest');

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => (d.isDirectory() ? files(path.join(dir, d.name)) : d.name.endsWith('.ts') ? [path.join(dir, d.name)] : []));
}

const exported = (n: ts.Node) => (ts.canHaveModifiers(n) ? (ts.getModifiers(n) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword) : false);
const takesUnknown = (params: ts.NodeArray<ts.ParameterDeclaration>) => params.some((p) => p.type?.kind === ts.SyntaxKind.UnknownKeyword);

/** The names of the functions a file exports that take an `unknown` parameter. */
function unknownFunctions(source: ts.SourceFile): string[] {
  const names: string[] = [];
  for (const st of source.statements) {
    if (ts.isFunctionDeclaration(st) && exported(st) && takesUnknown(st.parameters)) names.push(st.name?.text ?? '(default)');
    if (!ts.isVariableStatement(st) || !exported(st)) continue;
    for (const d of st.declarationList.declarations) {
      const f = d.initializer;
      if (f && (ts.isArrowFunction(f) || ts.isFunctionExpression(f)) && takesUnknown(f.parameters)) names.push(d.name.getText(source));
    }
  }
  return names;
}

const perModule = new Map<string, string[]>();
let total = 0;
for (const m of readdirSync(modulesDir, { withFileTypes: true }).filter((d) => d.isDirectory())) {
  const found: string[] = [];
  for (const file of files(path.join(modulesDir, m.name)).filter((f) => !door(path.relative(modulesDir, f)))) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    found.push(...unknownFunctions(source).map((name) => `${path.relative(root, file)}: ${name}`));
  }
  perModule.set(m.name, found);
  total += found.length;
}
console.log(`service functions taking unknown: ${total}`);
for (const [m, found] of [...perModule].sort((a, b) => b[1].length - a[1].length)) {
  if (!found.length) continue;
  console.log(`  ${m}: ${found.length}`);
  if (only.includes(m)) for (const f of found) console.log(`    ${f}`);
}
