/**
 * A small structured logger (JSON lines on stderr). Never pass secrets: tokens, passwords
 * and keys are not logged anywhere in the server.
 */
type Level = 'debug' | 'info' | 'warn' | 'error';
const order: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };
let threshold: Level = (process.env.LOG_LEVEL as Level) in order ? (process.env.LOG_LEVEL as Level) : 'info';
if (process.env.VITEST && !process.env.LOG_LEVEL) threshold = 'error';

function write(level: Level, message: string, fields?: Record<string, unknown>): void {
  if (order[level] < order[threshold]) return;
  process.stderr.write(JSON.stringify({ time: new Date().toISOString(), level, message, ...fields }) + '\n');
}

export const logger = {
  setLevel: (level: Level) => {
    threshold = level;
  },
  debug: (m: string, f?: Record<string, unknown>) => write('debug', m, f),
  info: (m: string, f?: Record<string, unknown>) => write('info', m, f),
  warn: (m: string, f?: Record<string, unknown>) => write('warn', m, f),
  error: (m: string, f?: Record<string, unknown>) => write('error', m, f),
};
