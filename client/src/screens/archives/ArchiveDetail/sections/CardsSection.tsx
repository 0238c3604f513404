import { graphql, useFragment } from 'react-relay';
import { Section, type SectionViewProps } from '../Section.tsx';
import type { CardsSection_archive$key } from './__generated__/CardsSection_archive.graphql.ts';

const fragment = graphql`
  fragment CardsSection_archive on Archive {
    cards {
      id
      databaseId
      holderName
      brand
      last4
      expiry
      billingAddress
      note
    }
  }
`;

const save = graphql`
  mutation CardsSectionSaveMutation($input: SaveArchiveCardsInput!) {
    saveArchiveCards(input: $input) {
      __typename
      ... on SaveArchiveSectionPayload {
        ...Section_saved @relay(mask: false) @dangerously_unaliased_fixme
        archive {
          ...CardsSection_archive
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

export function CardsSection({ archive, ...props }: SectionViewProps) {
  const data = useFragment(fragment, archive as CardsSection_archive$key);
  return <Section {...props} data={data} save={save} field="saveArchiveCards" />;
}
