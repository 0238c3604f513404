import { createContext, useContext, type ReactNode } from 'react';
import { graphql, useFragment } from 'react-relay';
import { useLang } from '../../../lib/useLang.ts';
import type { moduleNames_query$key } from './__generated__/moduleNames_query.graphql.ts';

/**
 * Archive module names in the viewer's language. A verification module stores the name it had
 * (in Chinese); the module tree answers both names, so the screens name modules from it.
 */
const fragment = graphql`
  fragment moduleNames_query on Query {
    archiveModuleTree {
      code
      name
      nameEn
      children {
        code
        name
        nameEn
      }
    }
  }
`;

const ModuleNames = createContext<ReadonlyMap<string, string>>(new Map());
/** The top-level modules in their order (what a verification covers by default). */
const TopModules = createContext<ReadonlyArray<{ code: string; name: string }>>([]);

export function ModuleNamesProvider({ query, children }: { query: moduleNames_query$key; children: ReactNode }) {
  const data = useFragment(fragment, query);
  // Both names are read, so a language switch (no refetch) shows the other at once.
  const lang = useLang();
  const pick = (m: { name: string; nameEn: string }) => (lang === 'en' && m.nameEn ? m.nameEn : m.name);
  const names = new Map<string, string>();
  for (const m of data.archiveModuleTree) {
    names.set(m.code, pick(m));
    for (const c of m.children) names.set(c.code, pick(c));
  }
  const top = data.archiveModuleTree.map((m) => ({ code: m.code, name: pick(m) }));
  return (
    <ModuleNames.Provider value={names}>
      <TopModules.Provider value={top}>{children}</TopModules.Provider>
    </ModuleNames.Provider>
  );
}

/** The top-level archive modules, named in the viewer's language. */
export function useTopModules(): ReadonlyArray<{ code: string; name: string }> {
  return useContext(TopModules);
}

/** (code, stored name) → the module's name in the viewer's language. */
export function useModuleName(): (code: string, fallback: string) => string {
  const names = useContext(ModuleNames);
  return (code, fallback) => names.get(code) ?? fallback;
}
