// `npm install` runs this last (postinstall): it loads the server's and the seed's TypeScript once
// through tsx, so tsx's transform cache is filled and the first `npm start` of a fresh clone does
// not spend its first two seconds transforming (docs/performance.md, "Cold start"). Nothing
// connects to a database; a failure only warns (the start transforms what it needs anyway).
import { spawnSync } from 'node:child_process';
import path from 'node:path';

if (process.env.SERVER_WARM === 'skip') process.exit(0);
const root = path.resolve(import.meta.dirname, '..');
const started = Date.now();
const code = "await import('./server/app.ts'); await import('./prisma/seed/index.ts');";
const result = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], { cwd: root, stdio: 'inherit', env: { ...process.env, LOG_LEVEL: 'error' } });
if (result.status !== 0) console.error('server: loading the code once failed (the first start will transform it); see above');
else console.error(`server: code loaded once in ${((Date.now() - started) / 1000).toFixed(1)} s (tsx cache filled)`);
