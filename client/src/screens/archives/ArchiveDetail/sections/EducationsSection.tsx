import { graphql, useFragment } from 'react-relay';
import { Section, type SectionViewProps } from '../Section.tsx';
import type { EducationsSection_archive$key } from './__generated__/EducationsSection_archive.graphql.ts';

const fragment = graphql`
  fragment EducationsSection_archive on Archive {
    educations {
      id
      databaseId
      school
      address
      type
      examType
      scoreRule
      principalName
      zip
      province
      country
      tel
      beginDate
      endDate
      email
      disciplineRemark
      files {
        ...Section_file @relay(mask: false)
      }
    }
  }
`;

const save = graphql`
  mutation EducationsSectionSaveMutation($input: SaveArchiveEducationsInput!) {
    saveArchiveEducations(input: $input) {
      __typename
      ... on SaveArchiveSectionPayload {
        ...Section_saved @relay(mask: false) @dangerously_unaliased_fixme
        archive {
          ...EducationsSection_archive
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

export function EducationsSection({ archive, ...props }: SectionViewProps) {
  const data = useFragment(fragment, archive as EducationsSection_archive$key);
  return <Section {...props} data={data} save={save} field="saveArchiveEducations" />;
}
