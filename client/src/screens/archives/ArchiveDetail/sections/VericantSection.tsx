import { graphql, useFragment } from 'react-relay';
import { Section, type SectionViewProps } from '../Section.tsx';
import type { VericantSection_archive$key } from './__generated__/VericantSection_archive.graphql.ts';

const fragment = graphql`
  fragment VericantSection_archive on Archive {
    vericant {
      ...Section_examScore @relay(mask: false)
    }
  }
`;

const save = graphql`
  mutation VericantSectionSaveMutation($input: SaveArchiveVericantInput!) {
    saveArchiveVericant(input: $input) {
      __typename
      ... on SaveArchiveSectionPayload {
        ...Section_saved @relay(mask: false) @dangerously_unaliased_fixme
        archive {
          ...VericantSection_archive
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

export function VericantSection({ archive, ...props }: SectionViewProps) {
  const data = useFragment(fragment, archive as VericantSection_archive$key);
  return <Section {...props} data={data} save={save} field="saveArchiveVericant" />;
}
