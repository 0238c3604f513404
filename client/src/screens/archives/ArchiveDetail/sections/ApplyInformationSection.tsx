import { graphql, useFragment } from 'react-relay';
import { Section, type SectionViewProps } from '../Section.tsx';
import type { ApplyInformationSection_archive$key } from './__generated__/ApplyInformationSection_archive.graphql.ts';

const fragment = graphql`
  fragment ApplyInformationSection_archive on Archive {
    applyInformation {
      id
      databaseId
      entryYear
      targetGrade
      country
      schoolType
      platform
      deadline
      note
    }
  }
`;

const save = graphql`
  mutation ApplyInformationSectionSaveMutation($input: SaveArchiveApplyInformationInput!) {
    saveArchiveApplyInformation(input: $input) {
      __typename
      ... on SaveArchiveSectionPayload {
        ...Section_saved @relay(mask: false) @dangerously_unaliased_fixme
        archive {
          ...ApplyInformationSection_archive
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

export function ApplyInformationSection({ archive, ...props }: SectionViewProps) {
  const data = useFragment(fragment, archive as ApplyInformationSection_archive$key);
  return <Section {...props} data={data} save={save} field="saveArchiveApplyInformation" />;
}
