import { lexicographicSortSchema } from 'graphql';
import { builder } from './builder.ts';
import './errors.ts';
import '../modules/users/users.node.ts';
import '../modules/users/users.mutations.ts';
import '../modules/auth/auth.node.ts';
import '../modules/system/system.node.ts';
import '../modules/projects/projects.node.ts';
import './modules/tasks.ts';
import './modules/schedule.ts';
import './modules/workdaily.ts';
import './modules/org.ts';
import './modules/content.ts';
import './modules/archives.ts';
import './modules/schools.ts';

export const schema = lexicographicSortSchema(builder.toSchema());
