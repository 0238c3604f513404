import type { RestRoute } from '../adapter.ts';
import { archiveRoutes } from '../../modules/archives/archives.rest.ts';

/** Legacy REST tables of the archives area. */
export const archivesRouteTables: RestRoute[][] = [archiveRoutes];
