/* Generated once from shared/archive-sections.ts (every field of every section),
 * then kept by hand: relay-compiler needs each document written out. One fragment per section
 * (the detail query spreads them all; a section's save answers only its own), one save mutation
 * per section. */
import { graphql } from 'react-relay';
import type { GraphQLTaggedNode } from 'relay-runtime';

/** Each section's fields, by section key. */
export const SECTION_FRAGMENTS: Record<string, GraphQLTaggedNode> = {
  bio: graphql`
    fragment ArchiveDetailSection_bio on Archive {
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
  `,
  educations: graphql`
    fragment ArchiveDetailSection_educations on Archive {
      educations {
        id
        databaseId
        school
        address
        type
        examType
        scoreRule
        principalName
        zip
        province
        country
        tel
        beginDate
        endDate
        email
        disciplineRemark
        files {
          id
          fileName
          size
          mimeType
          downloadUrl
        }
      }
    }
  `,
  family: graphql`
    fragment ArchiveDetailSection_family on Archive {
      family {
        id
        databaseId
        maritalStatus
        livesWith
        homeLanguage
        siblingCount
        financialNote
        remark
      }
    }
  `,
  familyMembers: graphql`
    fragment ArchiveDetailSection_familyMembers on Archive {
      familyMembers {
        id
        databaseId
        kind
        name
        nameEn
        relation
        birthday
        phone
        email
        company
        title
        companyPhone
        companyAddress
        education
        schools
        cities
      }
    }
  `,
  rewardProjects: graphql`
    fragment ArchiveDetailSection_rewardProjects on Archive {
      rewardProjects {
        id
        databaseId
        name
        description
      }
    }
  `,
  awards: graphql`
    fragment ArchiveDetailSection_awards on Archive {
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
          id
          fileName
          size
          mimeType
          downloadUrl
        }
      }
      isShowScore
    }
  `,
  vericant: graphql`
    fragment ArchiveDetailSection_vericant on Archive {
      vericant {
        id
        databaseId
        examName
        examDate
        interviewType
        listening
        reading
        speaking
        writing
        languageForm
        verbal
        quantitative
        total
        percentile
        prepType
        note
      }
    }
  `,
  toeflJunior: graphql`
    fragment ArchiveDetailSection_toeflJunior on Archive {
      toeflJunior {
        id
        databaseId
        examName
        examDate
        interviewType
        listening
        reading
        speaking
        writing
        languageForm
        verbal
        quantitative
        total
        percentile
        prepType
        note
      }
    }
  `,
  toefl: graphql`
    fragment ArchiveDetailSection_toefl on Archive {
      toefl {
        id
        databaseId
        examName
        examDate
        interviewType
        listening
        reading
        speaking
        writing
        languageForm
        verbal
        quantitative
        total
        percentile
        prepType
        note
      }
    }
  `,
  ssat: graphql`
    fragment ArchiveDetailSection_ssat on Archive {
      ssat {
        id
        databaseId
        examName
        examDate
        interviewType
        listening
        reading
        speaking
        writing
        languageForm
        verbal
        quantitative
        total
        percentile
        prepType
        note
      }
    }
  `,
  variousExams: graphql`
    fragment ArchiveDetailSection_variousExams on Archive {
      variousExams {
        id
        databaseId
        examName
        examDate
        interviewType
        listening
        reading
        speaking
        writing
        languageForm
        verbal
        quantitative
        total
        percentile
        prepType
        note
      }
    }
  `,
  applicationAccounts: graphql`
    fragment ArchiveDetailSection_applicationAccounts on Archive {
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
  `,
  cards: graphql`
    fragment ArchiveDetailSection_cards on Archive {
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
  `,
  recommenders: graphql`
    fragment ArchiveDetailSection_recommenders on Archive {
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
  `,
  multimedia: graphql`
    fragment ArchiveDetailSection_multimedia on Archive {
      multimedia {
        id
        databaseId
        title
        mediaType
        url
        recordedOn
        description
        files {
          id
          fileName
          size
          mimeType
          downloadUrl
        }
      }
    }
  `,
  relatives: graphql`
    fragment ArchiveDetailSection_relatives on Archive {
      relatives {
        id
        databaseId
        name
        relation
        schoolName
        graduationYear
        note
      }
    }
  `,
  essays: graphql`
    fragment ArchiveDetailSection_essays on Archive {
      essays {
        id
        databaseId
        schoolName
        topic
        wordLimit
        status
        dueDate
        tutor
        note
      }
    }
  `,
  survey: graphql`
    fragment ArchiveDetailSection_survey on Archive {
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
  `,
  applyInformation: graphql`
    fragment ArchiveDetailSection_applyInformation on Archive {
      applyInformation {
        id
        databaseId
        entryYear
        targetGrade
        country
        schoolType
        platform
        deadline
        note
      }
    }
  `,
  others: graphql`
    fragment ArchiveDetailSection_others on Archive {
      others {
        id
        databaseId
        category
        title
        content
      }
    }
  `,
  writings: graphql`
    fragment ArchiveDetailSection_writings on Archive {
      writings {
        id
        databaseId
        title
        kind
        content
        wordCount
        writtenOn
        note
      }
    }
  `,
};

/** Each section's save (fields left out keep their value; rows without an id are added). */
export const SAVE_MUTATIONS: Record<string, { field: string; mutation: GraphQLTaggedNode }> = {
  bio: {
    field: 'saveArchiveBio',
    mutation: graphql`
      mutation ArchiveDetailSectionSaveBioMutation($input: SaveArchiveBioInput!) {
        saveArchiveBio(input: $input) {
          __typename
          ... on SaveArchiveSectionPayload {
            savedIds
            archive {
              id
              updatedAt
              ...ArchiveDetailSection_bio
              ...ArchiveDetailVerification_archive
            }
          }
          ... on Error {
            message
          }
        }
      }
    `,
  },
  educations: {
    field: 'saveArchiveEducations',
    mutation: graphql`
      mutation ArchiveDetailSectionSaveEducationsMutation($input: SaveArchiveEducationsInput!) {
        saveArchiveEducations(input: $input) {
          __typename
          ... on SaveArchiveSectionPayload {
            savedIds
            archive {
              id
              updatedAt
              ...ArchiveDetailSection_educations
              ...ArchiveDetailVerification_archive
            }
          }
          ... on Error {
            message
          }
        }
      }
    `,
  },
  family: {
    field: 'saveArchiveFamily',
    mutation: graphql`
      mutation ArchiveDetailSectionSaveFamilyMutation($input: SaveArchiveFamilyInput!) {
        saveArchiveFamily(input: $input) {
          __typename
          ... on SaveArchiveSectionPayload {
            savedIds
            archive {
              id
              updatedAt
              ...ArchiveDetailSection_family
              ...ArchiveDetailVerification_archive
            }
          }
          ... on Error {
            message
          }
        }
      }
    `,
  },
  familyMembers: {
    field: 'saveArchiveFamilyMembers',
    mutation: graphql`
      mutation ArchiveDetailSectionSaveFamilyMembersMutation($input: SaveArchiveFamilyMembersInput!) {
        saveArchiveFamilyMembers(input: $input) {
          __typename
          ... on SaveArchiveSectionPayload {
            savedIds
            archive {
              id
              updatedAt
              ...ArchiveDetailSection_familyMembers
              ...ArchiveDetailVerification_archive
            }
          }
          ... on Error {
            message
          }
        }
      }
    `,
  },
  rewardProjects: {
    field: 'saveArchiveRewardProjects',
    mutation: graphql`
      mutation ArchiveDetailSectionSaveRewardProjectsMutation($input: SaveArchiveRewardProjectsInput!) {
        saveArchiveRewardProjects(input: $input) {
          __typename
          ... on SaveArchiveSectionPayload {
            savedIds
            archive {
              id
              updatedAt
              ...ArchiveDetailSection_rewardProjects
              ...ArchiveDetailVerification_archive
            }
          }
          ... on Error {
            message
          }
        }
      }
    `,
  },
  awards: {
    field: 'saveArchiveAwards',
    mutation: graphql`
      mutation ArchiveDetailSectionSaveAwardsMutation($input: SaveArchiveAwardsInput!) {
        saveArchiveAwards(input: $input) {
          __typename
          ... on SaveArchiveSectionPayload {
            savedIds
            archive {
              id
              updatedAt
              ...ArchiveDetailSection_awards
              ...ArchiveDetailVerification_archive
            }
          }
          ... on Error {
            message
          }
        }
      }
    `,
  },
  vericant: {
    field: 'saveArchiveVericant',
    mutation: graphql`
      mutation ArchiveDetailSectionSaveVericantMutation($input: SaveArchiveVericantInput!) {
        saveArchiveVericant(input: $input) {
          __typename
          ... on SaveArchiveSectionPayload {
            savedIds
            archive {
              id
              updatedAt
              ...ArchiveDetailSection_vericant
              ...ArchiveDetailVerification_archive
            }
          }
          ... on Error {
            message
          }
        }
      }
    `,
  },
  toeflJunior: {
    field: 'saveArchiveToeflJunior',
    mutation: graphql`
      mutation ArchiveDetailSectionSaveToeflJuniorMutation($input: SaveArchiveToeflJuniorInput!) {
        saveArchiveToeflJunior(input: $input) {
          __typename
          ... on SaveArchiveSectionPayload {
            savedIds
            archive {
              id
              updatedAt
              ...ArchiveDetailSection_toeflJunior
              ...ArchiveDetailVerification_archive
            }
          }
          ... on Error {
            message
          }
        }
      }
    `,
  },
  toefl: {
    field: 'saveArchiveToefl',
    mutation: graphql`
      mutation ArchiveDetailSectionSaveToeflMutation($input: SaveArchiveToeflInput!) {
        saveArchiveToefl(input: $input) {
          __typename
          ... on SaveArchiveSectionPayload {
            savedIds
            archive {
              id
              updatedAt
              ...ArchiveDetailSection_toefl
              ...ArchiveDetailVerification_archive
            }
          }
          ... on Error {
            message
          }
        }
      }
    `,
  },
  ssat: {
    field: 'saveArchiveSsat',
    mutation: graphql`
      mutation ArchiveDetailSectionSaveSsatMutation($input: SaveArchiveSsatInput!) {
        saveArchiveSsat(input: $input) {
          __typename
          ... on SaveArchiveSectionPayload {
            savedIds
            archive {
              id
              updatedAt
              ...ArchiveDetailSection_ssat
              ...ArchiveDetailVerification_archive
            }
          }
          ... on Error {
            message
          }
        }
      }
    `,
  },
  variousExams: {
    field: 'saveArchiveVariousExams',
    mutation: graphql`
      mutation ArchiveDetailSectionSaveVariousExamsMutation($input: SaveArchiveVariousExamsInput!) {
        saveArchiveVariousExams(input: $input) {
          __typename
          ... on SaveArchiveSectionPayload {
            savedIds
            archive {
              id
              updatedAt
              ...ArchiveDetailSection_variousExams
              ...ArchiveDetailVerification_archive
            }
          }
          ... on Error {
            message
          }
        }
      }
    `,
  },
  applicationAccounts: {
    field: 'saveArchiveApplicationAccounts',
    mutation: graphql`
      mutation ArchiveDetailSectionSaveApplicationAccountsMutation($input: SaveArchiveApplicationAccountsInput!) {
        saveArchiveApplicationAccounts(input: $input) {
          __typename
          ... on SaveArchiveSectionPayload {
            savedIds
            archive {
              id
              updatedAt
              ...ArchiveDetailSection_applicationAccounts
              ...ArchiveDetailVerification_archive
            }
          }
          ... on Error {
            message
          }
        }
      }
    `,
  },
  cards: {
    field: 'saveArchiveCards',
    mutation: graphql`
      mutation ArchiveDetailSectionSaveCardsMutation($input: SaveArchiveCardsInput!) {
        saveArchiveCards(input: $input) {
          __typename
          ... on SaveArchiveSectionPayload {
            savedIds
            archive {
              id
              updatedAt
              ...ArchiveDetailSection_cards
              ...ArchiveDetailVerification_archive
            }
          }
          ... on Error {
            message
          }
        }
      }
    `,
  },
  recommenders: {
    field: 'saveArchiveRecommenders',
    mutation: graphql`
      mutation ArchiveDetailSectionSaveRecommendersMutation($input: SaveArchiveRecommendersInput!) {
        saveArchiveRecommenders(input: $input) {
          __typename
          ... on SaveArchiveSectionPayload {
            savedIds
            archive {
              id
              updatedAt
              ...ArchiveDetailSection_recommenders
              ...ArchiveDetailVerification_archive
            }
          }
          ... on Error {
            message
          }
        }
      }
    `,
  },
  multimedia: {
    field: 'saveArchiveMultimedia',
    mutation: graphql`
      mutation ArchiveDetailSectionSaveMultimediaMutation($input: SaveArchiveMultimediaInput!) {
        saveArchiveMultimedia(input: $input) {
          __typename
          ... on SaveArchiveSectionPayload {
            savedIds
            archive {
              id
              updatedAt
              ...ArchiveDetailSection_multimedia
              ...ArchiveDetailVerification_archive
            }
          }
          ... on Error {
            message
          }
        }
      }
    `,
  },
  relatives: {
    field: 'saveArchiveRelatives',
    mutation: graphql`
      mutation ArchiveDetailSectionSaveRelativesMutation($input: SaveArchiveRelativesInput!) {
        saveArchiveRelatives(input: $input) {
          __typename
          ... on SaveArchiveSectionPayload {
            savedIds
            archive {
              id
              updatedAt
              ...ArchiveDetailSection_relatives
              ...ArchiveDetailVerification_archive
            }
          }
          ... on Error {
            message
          }
        }
      }
    `,
  },
  essays: {
    field: 'saveArchiveEssays',
    mutation: graphql`
      mutation ArchiveDetailSectionSaveEssaysMutation($input: SaveArchiveEssaysInput!) {
        saveArchiveEssays(input: $input) {
          __typename
          ... on SaveArchiveSectionPayload {
            savedIds
            archive {
              id
              updatedAt
              ...ArchiveDetailSection_essays
              ...ArchiveDetailVerification_archive
            }
          }
          ... on Error {
            message
          }
        }
      }
    `,
  },
  survey: {
    field: 'saveArchiveSurvey',
    mutation: graphql`
      mutation ArchiveDetailSectionSaveSurveyMutation($input: SaveArchiveSurveyInput!) {
        saveArchiveSurvey(input: $input) {
          __typename
          ... on SaveArchiveSectionPayload {
            savedIds
            archive {
              id
              updatedAt
              ...ArchiveDetailSection_survey
              ...ArchiveDetailVerification_archive
            }
          }
          ... on Error {
            message
          }
        }
      }
    `,
  },
  applyInformation: {
    field: 'saveArchiveApplyInformation',
    mutation: graphql`
      mutation ArchiveDetailSectionSaveApplyInformationMutation($input: SaveArchiveApplyInformationInput!) {
        saveArchiveApplyInformation(input: $input) {
          __typename
          ... on SaveArchiveSectionPayload {
            savedIds
            archive {
              id
              updatedAt
              ...ArchiveDetailSection_applyInformation
              ...ArchiveDetailVerification_archive
            }
          }
          ... on Error {
            message
          }
        }
      }
    `,
  },
  others: {
    field: 'saveArchiveOthers',
    mutation: graphql`
      mutation ArchiveDetailSectionSaveOthersMutation($input: SaveArchiveOthersInput!) {
        saveArchiveOthers(input: $input) {
          __typename
          ... on SaveArchiveSectionPayload {
            savedIds
            archive {
              id
              updatedAt
              ...ArchiveDetailSection_others
              ...ArchiveDetailVerification_archive
            }
          }
          ... on Error {
            message
          }
        }
      }
    `,
  },
  writings: {
    field: 'saveArchiveWritings',
    mutation: graphql`
      mutation ArchiveDetailSectionSaveWritingsMutation($input: SaveArchiveWritingsInput!) {
        saveArchiveWritings(input: $input) {
          __typename
          ... on SaveArchiveSectionPayload {
            savedIds
            archive {
              id
              updatedAt
              ...ArchiveDetailSection_writings
              ...ArchiveDetailVerification_archive
            }
          }
          ... on Error {
            message
          }
        }
      }
    `,
  },
};
