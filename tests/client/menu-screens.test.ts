/**
 * No placeholder left (issues 20 and 21): every view of the PC menu that any role is granted
 * opens a screen of this client, either a fixed route of the router or an entry of MenuRoute's
 * SCREENS; a menu entry without a screen would open the placeholder.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildRights, rightIdsFor, ROLE_GRANTS } from '../../prisma/seed/rights.ts';

const root = path.resolve(import.meta.dirname, '../..');
const SCREENS = new Set([...readFileSync(path.join(root, 'client/src/router/MenuRoute.tsx'), 'utf8').matchAll(/^\s*'([^']+)': lazy\(/gm)].map((m) => m[1]!));
const router = readFileSync(path.join(root, 'client/src/router/index.tsx'), 'utf8');
/** Views the router serves by a fixed path (the right tree's path, without the leading slash). */
const FIXED_PATHS = new Set([...router.matchAll(/\{ path: '([^'*]+)', element:/g)].map((m) => `/${m[1]!.replace(/^\//, '')}`));

describe('the PC menu opens no placeholder', () => {
  const rights = buildRights();
  for (const [role, grant] of Object.entries(ROLE_GRANTS)) {
    it(`every view granted to ${role} has a screen`, () => {
      const granted = new Set(rightIdsFor(grant, rights));
      const missing = rights
        .filter((r) => granted.has(r.id) && r.showType === 1 && r.component)
        .filter((r) => !SCREENS.has(r.component!) && !FIXED_PATHS.has(r.path ?? ''))
        .map((r) => `${r.key} (${r.path}, ${r.component})`);
      expect(missing).toEqual([]);
    });
  }
});
