import { createContext, useContext } from 'react';
import type { GraphQLTaggedNode, MutationParameters } from 'relay-runtime';
import { useMutationAction } from '../../../lib/useMutationAction.ts';

/** What the parts of a section (Section.tsx, SectionRows.tsx, SectionFiles.tsx) share. */

export type FileRow = { id: string; fileName: string; size: number; mimeType: string; downloadUrl: string };
export type Row = Record<string, unknown> & { id: string; databaseId: number; files?: ReadonlyArray<FileRow> };
export type Answer = { readonly __typename: string; readonly message?: string };
export type Options = Record<string, ReadonlyArray<{ value: string; label: string }>>;

export type SectionContext = {
  archiveId: string;
  /** The viewer may edit this section now (module permission for the archive's state, not locked). */
  editable: boolean;
  locked: boolean;
  sensitive: boolean;
  verification?: { text: string; palette: string } | null;
};

/** The section's save mutation and the payload field it answers in, for the forms below. */
export const SaveContext = createContext<{ mutation: GraphQLTaggedNode; field: string } | null>(null);

/** The section's save (sections/<Key>Section.tsx provides it through SaveContext). */
export function useSave() {
  const { mutation, field } = useContext(SaveContext)!;
  return useMutationAction<MutationParameters, Answer>(mutation, (r) => (r as Record<string, Answer>)[field]!);
}
