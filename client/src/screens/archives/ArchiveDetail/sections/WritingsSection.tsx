import { graphql, useFragment } from 'react-relay';
import { Section, type SectionViewProps } from '../Section.tsx';
import type { WritingsSection_archive$key } from './__generated__/WritingsSection_archive.graphql.ts';

const fragment = graphql`
  fragment WritingsSection_archive on Archive {
    writings {
      id
      databaseId
      title
      kind
      content
      wordCount
      writtenOn
      note
    }
  }
`;

const save = graphql`
  mutation WritingsSectionSaveMutation($input: SaveArchiveWritingsInput!) {
    saveArchiveWritings(input: $input) {
      __typename
      ... on SaveArchiveSectionPayload {
        ...Section_saved @relay(mask: false) @dangerously_unaliased_fixme
        archive {
          ...WritingsSection_archive
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

export function WritingsSection({ archive, ...props }: SectionViewProps) {
  const data = useFragment(fragment, archive as WritingsSection_archive$key);
  return <Section {...props} data={data} save={save} field="saveArchiveWritings" />;
}
