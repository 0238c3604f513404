import { createContext, useCallback, useContext, useState } from 'react';
import { loadQuery, useRelayEnvironment, type PreloadedQuery } from 'react-relay';
import type { ConcreteRequest, Environment, FetchPolicy, OperationType, Variables } from 'relay-runtime';
import { useLoaderData } from 'react-router';

/**
 * A screen's query as its route knows it: the compiled artifact (a small file: the route
 * imports it without the screen's code) and the variables the screen starts with.
 */
export type RouteQuery<T extends OperationType> = {
  query: ConcreteRequest;
  variables: (params: Readonly<Record<string, string | undefined>>) => T['variables'];
};

/** What a route loader returns: the queries it started, by operation name. */
export type RoutePreloads = Record<string, PreloadedQuery<OperationType>>;

export function startQuery<T extends OperationType>(environment: Environment, query: ConcreteRequest, variables: Variables, fetchPolicy: FetchPolicy = 'store-and-network'): PreloadedQuery<T> {
  return loadQuery<T>(environment, query, variables, { fetchPolicy });
}

/** The queries MenuRoute started for the screen it renders (menu paths have no loader). */
export const RoutePreloadContext = createContext<RoutePreloads | null>(null);

const sameVariables = (a: Variables, b: Variables) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The screen side of "the route starts the query while the code loads": the reference the
 * route's loader (useLoaderData) or MenuRoute (RoutePreloadContext) started, or, when neither
 * did, one started here. `load` asks again with other variables
 * (filters; call it in a transition), `retry` asks the server again after a failure.
 */
export function useRouteQuery<T extends OperationType>(spec: RouteQuery<T>, variables: T['variables']) {
  const environment = useRelayEnvironment();
  const fromMenu = useContext(RoutePreloadContext);
  const fromLoader = useLoaderData() as RoutePreloads | null | undefined;
  const preloaded = fromMenu ?? fromLoader;
  const [ref, setRef] = useState<PreloadedQuery<T>>(() => {
    const hit = preloaded?.[spec.query.params.name] as PreloadedQuery<T> | undefined;
    if (hit && hit.environment === environment && sameVariables(hit.variables, variables)) return hit;
    return startQuery<T>(environment, spec.query, variables);
  });
  // A screen that keeps its filters in the URL loads again when the URL changes, and MenuRoute has
  // already started the same query for the new URL: take that one rather than asking twice.
  const load = useCallback(
    (next: T['variables'], fetchPolicy: FetchPolicy = 'store-and-network') => {
      const hit = preloaded?.[spec.query.params.name] as PreloadedQuery<T> | undefined;
      if (fetchPolicy === 'store-and-network' && hit && hit.environment === environment && sameVariables(hit.variables, next)) setRef(hit);
      else setRef(startQuery<T>(environment, spec.query, next, fetchPolicy));
    },
    [environment, spec.query, preloaded],
  );
  const retry = useCallback(() => load(ref.variables, 'network-only'), [load, ref.variables]);
  return { queryRef: ref, load, retry };
}
