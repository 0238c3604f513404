import { graphql, useFragment } from 'react-relay';
import { Section, type SectionViewProps } from '../Section.tsx';
import type { ToeflSection_archive$key } from './__generated__/ToeflSection_archive.graphql.ts';

const fragment = graphql`
  fragment ToeflSection_archive on Archive {
    toefl {
      ...Section_examScore @relay(mask: false)
    }
  }
`;

const save = graphql`
  mutation ToeflSectionSaveMutation($input: SaveArchiveToeflInput!) {
    saveArchiveToefl(input: $input) {
      __typename
      ... on SaveArchiveSectionPayload {
        ...Section_saved @relay(mask: false) @dangerously_unaliased_fixme
        archive {
          ...ToeflSection_archive
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

export function ToeflSection({ archive, ...props }: SectionViewProps) {
  const data = useFragment(fragment, archive as ToeflSection_archive$key);
  return <Section {...props} data={data} save={save} field="saveArchiveToefl" />;
}
