import { graphql, useFragment } from 'react-relay';
import { Section, type SectionViewProps } from '../Section.tsx';
import type { SurveySection_archive$key } from './__generated__/SurveySection_archive.graphql.ts';

const fragment = graphql`
  fragment SurveySection_archive on Archive {
    survey {
      id
      databaseId
      interests
      strengths
      personality
      targetRegion
      preferredSchoolSize
      boarding
      coed
      budget
      goals
      remark
    }
  }
`;

const save = graphql`
  mutation SurveySectionSaveMutation($input: SaveArchiveSurveyInput!) {
    saveArchiveSurvey(input: $input) {
      __typename
      ... on SaveArchiveSectionPayload {
        ...Section_saved @relay(mask: false) @dangerously_unaliased_fixme
        archive {
          ...SurveySection_archive
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

export function SurveySection({ archive, ...props }: SectionViewProps) {
  const data = useFragment(fragment, archive as SurveySection_archive$key);
  return <Section {...props} data={data} save={save} field="saveArchiveSurvey" />;
}
