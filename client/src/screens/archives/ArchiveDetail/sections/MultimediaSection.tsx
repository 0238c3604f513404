import { graphql, useFragment } from 'react-relay';
import { Section, type SectionViewProps } from '../Section.tsx';
import type { MultimediaSection_archive$key } from './__generated__/MultimediaSection_archive.graphql.ts';

const fragment = graphql`
  fragment MultimediaSection_archive on Archive {
    multimedia {
      id
      databaseId
      title
      mediaType
      url
      recordedOn
      description
      files {
        ...Section_file @relay(mask: false)
      }
    }
  }
`;

const save = graphql`
  mutation MultimediaSectionSaveMutation($input: SaveArchiveMultimediaInput!) {
    saveArchiveMultimedia(input: $input) {
      __typename
      ... on SaveArchiveSectionPayload {
        ...Section_saved @relay(mask: false) @dangerously_unaliased_fixme
        archive {
          ...MultimediaSection_archive
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

export function MultimediaSection({ archive, ...props }: SectionViewProps) {
  const data = useFragment(fragment, archive as MultimediaSection_archive$key);
  return <Section {...props} data={data} save={save} field="saveArchiveMultimedia" />;
}
