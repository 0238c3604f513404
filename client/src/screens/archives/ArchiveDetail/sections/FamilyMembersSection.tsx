import { graphql, useFragment } from 'react-relay';
import { Section, type SectionViewProps } from '../Section.tsx';
import type { FamilyMembersSection_archive$key } from './__generated__/FamilyMembersSection_archive.graphql.ts';

const fragment = graphql`
  fragment FamilyMembersSection_archive on Archive {
    familyMembers {
      id
      databaseId
      kind
      name
      nameEn
      relation
      birthday
      phone
      email
      company
      title
      companyPhone
      companyAddress
      education
      schools
      cities
    }
  }
`;

const save = graphql`
  mutation FamilyMembersSectionSaveMutation($input: SaveArchiveFamilyMembersInput!) {
    saveArchiveFamilyMembers(input: $input) {
      __typename
      ... on SaveArchiveSectionPayload {
        ...Section_saved @relay(mask: false) @dangerously_unaliased_fixme
        archive {
          ...FamilyMembersSection_archive
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

export function FamilyMembersSection({ archive, ...props }: SectionViewProps) {
  const data = useFragment(fragment, archive as FamilyMembersSection_archive$key);
  return <Section {...props} data={data} save={save} field="saveArchiveFamilyMembers" />;
}
