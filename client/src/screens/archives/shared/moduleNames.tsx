import { createContext, useContext, type ReactNode } from 'react';
import { graphql, useFragment } from 'react-relay';
import type { moduleNames_query$key } from './__generated__/moduleNames_query.graphql.ts';

/**
 * Archive module names in the viewer's language. A verification module stores the name it had
 * (in Chinese); the module tree answers `localizedName`, so the screens name modules from it.
 */
const fragment = graphql`
  fragment moduleNames_query on Query {
    archiveModuleTree {
      code
      localizedName
      children {
        code
        localizedName
      }
    }
  }
`;

const ModuleNames = createContext<ReadonlyMap<string, string>>(new Map());

export function ModuleNamesProvider({ query, children }: { query: moduleNames_query$key; children: ReactNode }) {
  const data = useFragment(fragment, query);
  const names = new Map<string, string>();
  for (const m of data.archiveModuleTree) {
    names.set(m.code, m.localizedName);
    for (const c of m.children) names.set(c.code, c.localizedName);
  }
  return <ModuleNames.Provider value={names}>{children}</ModuleNames.Provider>;
}

/** (code, stored name) → the module's name in the viewer's language. */
export function useModuleName(): (code: string, fallback: string) => string {
  const names = useContext(ModuleNames);
  return (code, fallback) => names.get(code) ?? fallback;
}
