import { registerMessages, type MessageKey, type MessageTable } from './i18n/catalogue.ts';
import { registerPermissions, type PermissionRules } from './policy.ts';
import type { RestRoute } from './rest/adapter.ts';
import type { StoreDeps } from './lib/upload.ts';
import type { PrismaClient } from './generated/prisma/client.ts';
import type { ErrorCodes } from './errors.ts';

/**
 * A module of the back office (`server/modules/<name>/`), as its `index.ts` declares it.
 *
 * The module's `index.ts` is its one public face: it imports the module's GraphQL files
 * (node and mutation types register themselves with the builder), declares the module with
 * `defineModule` (which registers its permissions into the one policy and its texts into
 * the one catalogue, and keeps its routes and demo-data seed) and re-exports what other
 * modules may use. `server/modules/index.ts` lists every module; the app, the schema, the
 * seed and the bench read that list. See docs/architecture.md.
 */
export type BackOfficeModule = {
  /** The folder name under server/modules/. */
  name: string;
  /** The legacy REST paths the module answers. */
  routes: readonly RestRoute[];
  /** The error codes the module throws, with their messages (`<m>.errors.ts`); absent while a module has no list yet. */
  errors?: ErrorCodes;
  /** Writes the module's demo data (`<m>.seed.ts`); run by prisma/seed/index.ts in the order of the module list. */
  seed?: ModuleSeeder;
};

/**
 * What a module's seed gets. It runs after the core seed (roles, the right tree, departments,
 * users, projects, company contacts, time zones) has committed, and after the seeds of the
 * modules listed before it in `server/modules/index.ts`; it reads the rows it needs (demo
 * accounts, projects, ...) from the database. It must be deterministic: `createRandom(<fixed
 * number>)` (prisma/seed/random.ts) and dates as offsets in days from `referenceDate`, the
 * seed's today (prisma/seed/dates.ts), never the clock. See prisma/seed/README.md.
 */
export type ModuleSeedContext = {
  scale: number;
  log: (line: string) => void;
  /** The seed's today at 00:00 UTC (`SEED_TODAY`, else the current day in Asia/Shanghai; tests pin 2026-09-01). */
  referenceDate: Date;
  /** The file store demo files go to (the server's configuration; default: the database store). */
  files: StoreDeps['config'];
};

/** A module's demo-data seed: writes its rows and answers the number of rows written per table. */
export type ModuleSeeder = (db: PrismaClient, ctx: ModuleSeedContext) => Promise<Record<string, number>>;

export type ModuleDefinition = {
  name: string;
  permissions?: PermissionRules;
  messages?: MessageTable;
  errors?: ErrorCodes;
  routes?: readonly RestRoute[];
  seed?: ModuleSeeder;
};

/** Error code -> the message keys modules listed for it (the operation log translates refusals with it). */
const messagesOfCode = new Map<string, readonly MessageKey[]>();

/** The message keys a module listed for an error code (empty when none did). */
export function messageKeysOfCode(code: string): readonly MessageKey[] {
  return messagesOfCode.get(code) ?? [];
}

export function defineModule(definition: ModuleDefinition): BackOfficeModule {
  if (definition.permissions) registerPermissions(definition.name, definition.permissions);
  for (const list of definition.errors ? [definition.errors.rule, definition.errors.input] : []) {
    for (const [code, keys] of Object.entries(list)) if (keys.length && !messagesOfCode.has(code)) messagesOfCode.set(code, keys);
  }
  if (definition.messages) registerMessages(definition.name, definition.messages);
  return { name: definition.name, routes: definition.routes ?? [], errors: definition.errors, seed: definition.seed };
}
