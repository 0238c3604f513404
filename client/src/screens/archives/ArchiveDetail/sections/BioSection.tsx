import { graphql, useFragment } from 'react-relay';
import { Section, type SectionViewProps } from '../Section.tsx';
import type { BioSection_archive$key } from './__generated__/BioSection_archive.graphql.ts';

const fragment = graphql`
  fragment BioSection_archive on Archive {
    bio {
      id
      databaseId
      surName
      name
      surNamePy
      namePy
      enName
      sex
      birthday
      birthProvince
      birthCountry
      passport
      secondPassport
      submitGrade
      onlyChild
      homeAddress
      province
      country
      zip
      phone
      tel
      email
    }
  }
`;

const save = graphql`
  mutation BioSectionSaveMutation($input: SaveArchiveBioInput!) {
    saveArchiveBio(input: $input) {
      __typename
      ... on SaveArchiveSectionPayload {
        ...Section_saved @relay(mask: false) @dangerously_unaliased_fixme
        archive {
          ...BioSection_archive
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

export function BioSection({ archive, ...props }: SectionViewProps) {
  const data = useFragment(fragment, archive as BioSection_archive$key);
  return <Section {...props} data={data} save={save} field="saveArchiveBio" />;
}
