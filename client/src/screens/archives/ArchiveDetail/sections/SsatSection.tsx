import { graphql, useFragment } from 'react-relay';
import { Section, type SectionViewProps } from '../Section.tsx';
import type { SsatSection_archive$key } from './__generated__/SsatSection_archive.graphql.ts';

const fragment = graphql`
  fragment SsatSection_archive on Archive {
    ssat {
      ...Section_examScore @relay(mask: false)
    }
  }
`;

const save = graphql`
  mutation SsatSectionSaveMutation($input: SaveArchiveSsatInput!) {
    saveArchiveSsat(input: $input) {
      __typename
      ... on SaveArchiveSectionPayload {
        ...Section_saved @relay(mask: false) @dangerously_unaliased_fixme
        archive {
          ...SsatSection_archive
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

export function SsatSection({ archive, ...props }: SectionViewProps) {
  const data = useFragment(fragment, archive as SsatSection_archive$key);
  return <Section {...props} data={data} save={save} field="saveArchiveSsat" />;
}
