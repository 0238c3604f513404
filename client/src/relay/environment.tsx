import { useSyncExternalStore, type ReactNode } from 'react';
import { RelayEnvironmentProvider } from 'react-relay';
import { Environment, Network, Observable, RecordSource, Store, type GraphQLResponse } from 'relay-runtime';
import { execute, onSessionChange, subscribe as subscribeStream } from './fetch.ts';

function createEnvironment(): Environment {
  const network = Network.create(
    (request, variables) =>
      Observable.create<GraphQLResponse>((sink) => {
        execute(request, variables).then(
          (response) => {
            sink.next(response);
            sink.complete();
          },
          (err: unknown) => sink.error(err instanceof Error ? err : new Error(String(err))),
        );
      }),
    (request, variables) =>
      Observable.create<GraphQLResponse>((sink) =>
        subscribeStream(request, variables, {
          next: (response) => sink.next(response),
          error: (err) => sink.error(err),
          complete: () => sink.complete(),
        }),
      ),
  );
  return new Environment({ network, store: new Store(new RecordSource()) });
}

// One store per session, held outside React: a render that suspends before committing (route
// transitions) must not lose it and fetch again. Login, logout and an ended session start anew.
let environment = createEnvironment();
/** The session's environment, for route loaders that start a screen's query before it renders. */
export const currentEnvironment = (): Environment => environment;
const listeners = new Set<() => void>();
onSessionChange(() => {
  environment = createEnvironment();
  listeners.forEach((l) => l());
});
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

export function RelayRoot({ children }: { children: ReactNode }) {
  const current = useSyncExternalStore(subscribe, () => environment);
  return <RelayEnvironmentProvider environment={current}>{children}</RelayEnvironmentProvider>;
}
