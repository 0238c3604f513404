import type { RestRoute } from '../adapter.ts';
import { projectRoutes } from '../../modules/projects/projects.rest.ts';
import { messageRoutes } from '../../modules/letters/letters.rest.ts';
import { dictionaryRoutes } from '../../modules/dictionary/dictionary.rest.ts';

/** Legacy REST tables of the content area. */
export const contentRouteTables: RestRoute[][] = [projectRoutes, messageRoutes, dictionaryRoutes];
