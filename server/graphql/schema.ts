import { lexicographicSortSchema } from 'graphql';
import { builder } from './builder.ts';
import './errors.ts';
// Every module registers its types with the builder when its index.ts is loaded.
import '../modules/index.ts';

export const schema = lexicographicSortSchema(builder.toSchema());
