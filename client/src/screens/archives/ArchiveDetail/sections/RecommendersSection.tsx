import { graphql, useFragment } from 'react-relay';
import { Section, type SectionViewProps } from '../Section.tsx';
import type { RecommendersSection_archive$key } from './__generated__/RecommendersSection_archive.graphql.ts';

const fragment = graphql`
  fragment RecommendersSection_archive on Archive {
    recommenders {
      id
      databaseId
      type
      name
      title
      school
      email
      phone
      account
      note
    }
  }
`;

const save = graphql`
  mutation RecommendersSectionSaveMutation($input: SaveArchiveRecommendersInput!) {
    saveArchiveRecommenders(input: $input) {
      __typename
      ... on SaveArchiveSectionPayload {
        ...Section_saved @relay(mask: false) @dangerously_unaliased_fixme
        archive {
          ...RecommendersSection_archive
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

export function RecommendersSection({ archive, ...props }: SectionViewProps) {
  const data = useFragment(fragment, archive as RecommendersSection_archive$key);
  return <Section {...props} data={data} save={save} field="saveArchiveRecommenders" />;
}
