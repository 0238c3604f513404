import { graphql, useFragment } from 'react-relay';
import { Section, type SectionViewProps } from '../Section.tsx';
import type { VariousExamsSection_archive$key } from './__generated__/VariousExamsSection_archive.graphql.ts';

const fragment = graphql`
  fragment VariousExamsSection_archive on Archive {
    variousExams {
      ...Section_examScore @relay(mask: false)
    }
  }
`;

const save = graphql`
  mutation VariousExamsSectionSaveMutation($input: SaveArchiveVariousExamsInput!) {
    saveArchiveVariousExams(input: $input) {
      __typename
      ... on SaveArchiveSectionPayload {
        ...Section_saved @relay(mask: false) @dangerously_unaliased_fixme
        archive {
          ...VariousExamsSection_archive
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

export function VariousExamsSection({ archive, ...props }: SectionViewProps) {
  const data = useFragment(fragment, archive as VariousExamsSection_archive$key);
  return <Section {...props} data={data} save={save} field="saveArchiveVariousExams" />;
}
