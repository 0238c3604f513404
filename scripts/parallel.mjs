// Runs shell commands at the same time and prints each one's output whole when it ends (no
// interleaving), with its wall time; exits non-zero when any failed. `npm test` runs the type
// checks beside the formatter and linter this way: each mostly keeps one core busy, and the
// machine has two. Usage: node scripts/parallel.mjs "<command>" "<command>" …
import { spawn } from 'node:child_process';

const commands = process.argv.slice(2);
const results = await Promise.all(
  commands.map(
    (command) =>
      new Promise((resolve) => {
        const started = Date.now();
        const child = spawn(command, { shell: true, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '0' } });
        const chunks = [];
        child.stdout.on('data', (d) => chunks.push(d));
        child.stderr.on('data', (d) => chunks.push(d));
        child.on('close', (code, signal) => {
          const seconds = ((Date.now() - started) / 1000).toFixed(1);
          process.stdout.write(`\n── ${command} (${seconds} s, ${signal ? `signal ${signal}` : `exit ${code}`})\n${Buffer.concat(chunks).toString()}`);
          resolve(code ?? 1);
        });
      }),
  ),
);
process.exit(results.some((code) => code !== 0) ? 1 : 0);
