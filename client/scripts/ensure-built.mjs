// Builds the client (relay-compiler + vite) when client/dist is missing or older than anything it
// is built from. `npm install` runs it (postinstall, `--at-install`) so that a fresh clone's first
// `npm start` does not wait for the build; `npm start` (prestart) and `npm run e2e` run it again
// and build only what changed since. CLIENT_BUILD=skip skips it (the server then serves whatever
// dist holds). At install a failed build only warns: the next `npm start` builds and says why.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const built = path.join(root, 'client/dist/index.html');
const inputs = ['client/src', 'client/public', 'client/index.html', 'client/tsconfig.json', 'vite.config.ts', 'relay.config.js', 'schema.graphql', 'server/i18n', 'package-lock.json'];

function newest(file) {
  if (!existsSync(file)) return 0;
  const stat = statSync(file);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let max = 0;
  for (const entry of readdirSync(file)) {
    if (entry === '__generated__' || entry === 'node_modules') continue;
    max = Math.max(max, newest(path.join(file, entry)));
  }
  return max;
}

const atInstall = process.argv.includes('--at-install');
if (process.env.CLIENT_BUILD === 'skip') process.exit(0);
const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
const stale = inputs.find((input) => newest(path.join(root, input)) > builtAt);
if (!stale) process.exit(0);

console.error(builtAt ? `client: ${stale} changed since the last build; building` : 'client: no build yet; building');
const started = Date.now();
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const result = spawnSync(npm, ['run', '--silent', 'build:client', '--', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
if (result.status !== 0) {
  console.error('client: the build failed; see above');
  process.exit(atInstall ? 0 : (result.status ?? 1));
}
console.error(`client: built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
