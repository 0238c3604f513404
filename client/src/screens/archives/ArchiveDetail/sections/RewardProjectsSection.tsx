import { graphql, useFragment } from 'react-relay';
import { Section, type SectionViewProps } from '../Section.tsx';
import type { RewardProjectsSection_archive$key } from './__generated__/RewardProjectsSection_archive.graphql.ts';

export const rewardProjectsFragment = graphql`
  fragment RewardProjectsSection_archive on Archive {
    rewardProjects {
      id
      databaseId
      name
      description
    }
  }
`;

const save = graphql`
  mutation RewardProjectsSectionSaveMutation($input: SaveArchiveRewardProjectsInput!) {
    saveArchiveRewardProjects(input: $input) {
      __typename
      ... on SaveArchiveSectionPayload {
        ...Section_saved @relay(mask: false) @dangerously_unaliased_fixme
        archive {
          ...RewardProjectsSection_archive
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

export function RewardProjectsSection({ archive, ...props }: SectionViewProps) {
  const data = useFragment(rewardProjectsFragment, archive as RewardProjectsSection_archive$key);
  return <Section {...props} data={data} save={save} field="saveArchiveRewardProjects" />;
}
