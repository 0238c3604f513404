import { registerMessages, type MessageTable } from './i18n/catalogue.ts';
import { registerPermissions, type PermissionRules } from './policy.ts';
import type { RestRoute } from './rest/adapter.ts';

/**
 * A module of the back office (`server/modules/<name>/`), as its `index.ts` declares it.
 *
 * The module's `index.ts` is its one public face: it imports the module's GraphQL files
 * (node and mutation types register themselves with the builder), declares the module with
 * `defineModule` (which registers its permissions into the one policy and its texts into
 * the one catalogue) and re-exports what other modules may use. `server/modules/index.ts`
 * lists every module; the app, the schema, the seed and the bench read that list.
 * See docs/architecture.md.
 */
export type BackOfficeModule = {
  /** The folder name under server/modules/. */
  name: string;
  /** The legacy REST paths the module answers. */
  routes: readonly RestRoute[];
};

export type ModuleDefinition = {
  name: string;
  permissions?: PermissionRules;
  messages?: MessageTable;
  routes?: readonly RestRoute[];
};

export function defineModule(definition: ModuleDefinition): BackOfficeModule {
  if (definition.permissions) registerPermissions(definition.name, definition.permissions);
  if (definition.messages) registerMessages(definition.name, definition.messages);
  return { name: definition.name, routes: definition.routes ?? [] };
}
