import { COUNT_CAP, connectionTotalCapped } from '../lib/counting.ts';
import type { builder } from './builder.ts';

type Types = typeof builder extends PothosSchemaTypes.SchemaBuilder<infer T> ? T : never;

/**
 * `totalCountCapped` of a connection whose `totalCount` is `cappedConnectionTotal(…)`
 * (server/lib/counting.ts): both read one count that stops at COUNT_CAP.
 */
export function cappedTotalField(t: PothosSchemaTypes.ObjectFieldBuilder<Types, object>) {
  return t.boolean({
    description: `True when more rows match than \`totalCount\` says: counting stops at ${COUNT_CAP.toLocaleString('en-US')} (a screen shows "${COUNT_CAP.toLocaleString('en-US')}+").`,
    resolve: (connection) => connectionTotalCapped(connection),
  });
}
