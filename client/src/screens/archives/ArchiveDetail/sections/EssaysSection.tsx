import { graphql, useFragment } from 'react-relay';
import { Section, type SectionViewProps } from '../Section.tsx';
import type { EssaysSection_archive$key } from './__generated__/EssaysSection_archive.graphql.ts';

const fragment = graphql`
  fragment EssaysSection_archive on Archive {
    essays {
      id
      databaseId
      schoolName
      topic
      wordLimit
      status
      dueDate
      tutor
      note
    }
  }
`;

const save = graphql`
  mutation EssaysSectionSaveMutation($input: SaveArchiveEssaysInput!) {
    saveArchiveEssays(input: $input) {
      __typename
      ... on SaveArchiveSectionPayload {
        ...Section_saved @relay(mask: false) @dangerously_unaliased_fixme
        archive {
          ...EssaysSection_archive
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

export function EssaysSection({ archive, ...props }: SectionViewProps) {
  const data = useFragment(fragment, archive as EssaysSection_archive$key);
  return <Section {...props} data={data} save={save} field="saveArchiveEssays" />;
}
