import { graphql, useFragment } from 'react-relay';
import { Section, type SectionViewProps } from '../Section.tsx';
import type { FamilySection_archive$key } from './__generated__/FamilySection_archive.graphql.ts';

const fragment = graphql`
  fragment FamilySection_archive on Archive {
    family {
      id
      databaseId
      maritalStatus
      livesWith
      homeLanguage
      siblingCount
      financialNote
      remark
    }
  }
`;

const save = graphql`
  mutation FamilySectionSaveMutation($input: SaveArchiveFamilyInput!) {
    saveArchiveFamily(input: $input) {
      __typename
      ... on SaveArchiveSectionPayload {
        ...Section_saved @relay(mask: false) @dangerously_unaliased_fixme
        archive {
          ...FamilySection_archive
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

export function FamilySection({ archive, ...props }: SectionViewProps) {
  const data = useFragment(fragment, archive as FamilySection_archive$key);
  return <Section {...props} data={data} save={save} field="saveArchiveFamily" />;
}
