import { graphql, useFragment } from 'react-relay';
import { Section, type SectionViewProps } from '../Section.tsx';
import type { ToeflJuniorSection_archive$key } from './__generated__/ToeflJuniorSection_archive.graphql.ts';

const fragment = graphql`
  fragment ToeflJuniorSection_archive on Archive {
    toeflJunior {
      ...Section_examScore @relay(mask: false)
    }
  }
`;

const save = graphql`
  mutation ToeflJuniorSectionSaveMutation($input: SaveArchiveToeflJuniorInput!) {
    saveArchiveToeflJunior(input: $input) {
      __typename
      ... on SaveArchiveSectionPayload {
        ...Section_saved @relay(mask: false) @dangerously_unaliased_fixme
        archive {
          ...ToeflJuniorSection_archive
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

export function ToeflJuniorSection({ archive, ...props }: SectionViewProps) {
  const data = useFragment(fragment, archive as ToeflJuniorSection_archive$key);
  return <Section {...props} data={data} save={save} field="saveArchiveToeflJunior" />;
}
