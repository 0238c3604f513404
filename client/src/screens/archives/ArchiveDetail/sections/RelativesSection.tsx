import { graphql, useFragment } from 'react-relay';
import { Section, type SectionViewProps } from '../Section.tsx';
import type { RelativesSection_archive$key } from './__generated__/RelativesSection_archive.graphql.ts';

const fragment = graphql`
  fragment RelativesSection_archive on Archive {
    relatives {
      id
      databaseId
      name
      relation
      schoolName
      graduationYear
      note
    }
  }
`;

const save = graphql`
  mutation RelativesSectionSaveMutation($input: SaveArchiveRelativesInput!) {
    saveArchiveRelatives(input: $input) {
      __typename
      ... on SaveArchiveSectionPayload {
        ...Section_saved @relay(mask: false) @dangerously_unaliased_fixme
        archive {
          ...RelativesSection_archive
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

export function RelativesSection({ archive, ...props }: SectionViewProps) {
  const data = useFragment(fragment, archive as RelativesSection_archive$key);
  return <Section {...props} data={data} save={save} field="saveArchiveRelatives" />;
}
