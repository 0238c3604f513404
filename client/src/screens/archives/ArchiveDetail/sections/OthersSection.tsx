import { graphql, useFragment } from 'react-relay';
import { Section, type SectionViewProps } from '../Section.tsx';
import type { OthersSection_archive$key } from './__generated__/OthersSection_archive.graphql.ts';

const fragment = graphql`
  fragment OthersSection_archive on Archive {
    others {
      id
      databaseId
      category
      title
      content
    }
  }
`;

const save = graphql`
  mutation OthersSectionSaveMutation($input: SaveArchiveOthersInput!) {
    saveArchiveOthers(input: $input) {
      __typename
      ... on SaveArchiveSectionPayload {
        ...Section_saved @relay(mask: false) @dangerously_unaliased_fixme
        archive {
          ...OthersSection_archive
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

export function OthersSection({ archive, ...props }: SectionViewProps) {
  const data = useFragment(fragment, archive as OthersSection_archive$key);
  return <Section {...props} data={data} save={save} field="saveArchiveOthers" />;
}
