import { graphql, useFragment } from 'react-relay';
import { Section, type SectionViewProps } from '../Section.tsx';
import { rewardProjectsFragment } from './RewardProjectsSection.tsx';
import type { RewardProjectsSection_archive$key } from './__generated__/RewardProjectsSection_archive.graphql.ts';
import type { AwardsSection_archive$key } from './__generated__/AwardsSection_archive.graphql.ts';

const fragment = graphql`
  fragment AwardsSection_archive on Archive {
    awards {
      id
      databaseId
      performName
      beginDate
      endDate
      categoryId
      certificateLevel
      certificateName
      projectId
      rank
      weekHours
      yearMonth
      levelOfInvolvement
      leaderPositions
      desc
      score
      files {
        ...Section_file @relay(mask: false)
      }
    }
    isShowScore
  }
`;

const save = graphql`
  mutation AwardsSectionSaveMutation($input: SaveArchiveAwardsInput!) {
    saveArchiveAwards(input: $input) {
      __typename
      ... on SaveArchiveSectionPayload {
        ...Section_saved @relay(mask: false) @dangerously_unaliased_fixme
        archive {
          ...AwardsSection_archive
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

/** Awards choose their reward project among the archive's own. */
export function AwardsSection({ archive, ...props }: SectionViewProps) {
  const data = useFragment(fragment, archive as AwardsSection_archive$key);
  const projects = useFragment(rewardProjectsFragment, archive as RewardProjectsSection_archive$key);
  const options: Record<string, ReadonlyArray<{ value: string; label: string }>> = projects.rewardProjects
    ? { projectId: projects.rewardProjects.map((p) => ({ value: String(p.databaseId), label: p.name ?? String(p.databaseId) })) }
    : {};
  return <Section {...props} data={data} save={save} field="saveArchiveAwards" options={options} />;
}
