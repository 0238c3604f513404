/**
 * The dictionary module: dictionaries and their items, .xlsx import.
 * Its one public face: other modules import from this file only (docs/architecture.md).
 */
import { defineModule } from '../../module.ts';
import './dictionary.node.ts';
import './dictionary.mutations.ts';
import { dictionaryPermissions } from './dictionary.policy.ts';
import { dictionaryMessages } from './dictionary.messages.ts';
import { dictionaryRoutes } from './dictionary.rest.ts';
import { dictionarySeed } from './dictionary.seed.ts';
import { dictionaryErrors } from './dictionary.errors.ts';

export const dictionaryModule = defineModule({
  name: 'dictionary',
  errors: dictionaryErrors.list,
  permissions: dictionaryPermissions,
  messages: dictionaryMessages,
  routes: dictionaryRoutes,
  seed: dictionarySeed,
});
