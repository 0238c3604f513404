import { loadQuery, type PreloadedQuery } from 'react-relay';
import type { ConcreteRequest, OperationType, Variables } from 'relay-runtime';
import { currentEnvironment } from './environment.tsx';

/** The last few preloads, retained so their data stays in the store until the dialog reads it. */
const held = new Map<string, PreloadedQuery<OperationType>>();
const KEEP = 8;

/**
 * Starts a dialog's query when the pointer shows the intent to open it (hover, pointer-down),
 * a few hundred milliseconds before the click (docs/ui-kit.md, "Loading"). The dialog reads
 * the same query with `store-and-network`: it draws at once from what arrived, and a request
 * still under way is shared, not sent twice. At most one request per query and variables.
 */
export function preloadOnIntent(query: ConcreteRequest, variables: Variables): void {
  const key = `${query.params.name}:${JSON.stringify(variables)}`;
  const environment = currentEnvironment();
  const hit = held.get(key);
  if (hit && hit.environment === environment && !hit.isDisposed) return;
  held.set(key, loadQuery(environment, query, variables, { fetchPolicy: 'store-or-network' }));
  while (held.size > KEEP) {
    const [oldest, ref] = held.entries().next().value!;
    ref.dispose();
    held.delete(oldest);
  }
}
