import { graphql, useFragment } from 'react-relay';
import { Section, type SectionViewProps } from '../Section.tsx';
import type { ApplicationAccountsSection_archive$key } from './__generated__/ApplicationAccountsSection_archive.graphql.ts';

const fragment = graphql`
  fragment ApplicationAccountsSection_archive on Archive {
    applicationAccounts {
      id
      databaseId
      platform
      url
      account
      password
      email
      note
    }
  }
`;

const save = graphql`
  mutation ApplicationAccountsSectionSaveMutation($input: SaveArchiveApplicationAccountsInput!) {
    saveArchiveApplicationAccounts(input: $input) {
      __typename
      ... on SaveArchiveSectionPayload {
        ...Section_saved @relay(mask: false) @dangerously_unaliased_fixme
        archive {
          ...ApplicationAccountsSection_archive
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

export function ApplicationAccountsSection({ archive, ...props }: SectionViewProps) {
  const data = useFragment(fragment, archive as ApplicationAccountsSection_archive$key);
  return <Section {...props} data={data} save={save} field="saveArchiveApplicationAccounts" />;
}
