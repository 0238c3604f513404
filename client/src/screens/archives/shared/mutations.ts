import { graphql } from 'react-relay';
import type { GraphQLTaggedNode } from 'relay-runtime';

/*
 * One mutation per act on an archive (docs/archives.md, States). Each answers the archive's
 * state fields (ArchiveAct_archive), so the list row and the detail header update in the store.
 */

const publishMutation = graphql`
  mutation ArchiveActPublishMutation($input: ArchiveIdInput!) {
    publishArchive(input: $input) {
      __typename
      ... on ArchivePayload {
        archive {
          id
          status
          statusLabel
          applyingStatus
          locked
          updatedAt
          permissions {
            code
            read
            edit
          }
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

const suspendMutation = graphql`
  mutation ArchiveActSuspendMutation($input: ArchiveIdInput!) {
    suspendArchive(input: $input) {
      __typename
      ... on ArchivePayload {
        archive {
          id
          status
          statusLabel
          applyingStatus
          locked
          updatedAt
          permissions {
            code
            read
            edit
          }
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

const resumeMutation = graphql`
  mutation ArchiveActResumeMutation($input: ArchiveIdInput!) {
    resumeArchive(input: $input) {
      __typename
      ... on ArchivePayload {
        archive {
          id
          status
          statusLabel
          applyingStatus
          locked
          updatedAt
          permissions {
            code
            read
            edit
          }
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

const archiveMutation = graphql`
  mutation ArchiveActArchiveMutation($input: ArchiveIdInput!) {
    archiveArchive(input: $input) {
      __typename
      ... on ArchivePayload {
        archive {
          id
          status
          statusLabel
          applyingStatus
          locked
          updatedAt
          permissions {
            code
            read
            edit
          }
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

const reopenMutation = graphql`
  mutation ArchiveActReopenMutation($input: ArchiveIdInput!) {
    reopenArchive(input: $input) {
      __typename
      ... on ArchivePayload {
        archive {
          id
          status
          statusLabel
          applyingStatus
          locked
          updatedAt
          permissions {
            code
            read
            edit
          }
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

const lockMutation = graphql`
  mutation ArchiveActLockMutation($input: ArchiveIdInput!) {
    lockArchive(input: $input) {
      __typename
      ... on ArchivePayload {
        archive {
          id
          status
          statusLabel
          applyingStatus
          locked
          updatedAt
          permissions {
            code
            read
            edit
          }
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

const unlockMutation = graphql`
  mutation ArchiveActUnlockMutation($input: ArchiveIdInput!) {
    unlockArchive(input: $input) {
      __typename
      ... on ArchivePayload {
        archive {
          id
          status
          statusLabel
          applyingStatus
          locked
          updatedAt
          permissions {
            code
            read
            edit
          }
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

const suspendApplyingMutation = graphql`
  mutation ArchiveActSuspendApplyingMutation($input: ArchiveIdInput!) {
    suspendArchiveApplying(input: $input) {
      __typename
      ... on ArchivePayload {
        archive {
          id
          status
          statusLabel
          applyingStatus
          locked
          updatedAt
          permissions {
            code
            read
            edit
          }
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

const resumeApplyingMutation = graphql`
  mutation ArchiveActResumeApplyingMutation($input: ArchiveIdInput!) {
    resumeArchiveApplying(input: $input) {
      __typename
      ... on ArchivePayload {
        archive {
          id
          status
          statusLabel
          applyingStatus
          locked
          updatedAt
          permissions {
            code
            read
            edit
          }
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

const stopApplyingMutation = graphql`
  mutation ArchiveActStopApplyingMutation($input: ArchiveIdInput!) {
    stopArchiveApplying(input: $input) {
      __typename
      ... on ArchivePayload {
        archive {
          id
          status
          statusLabel
          applyingStatus
          locked
          updatedAt
          permissions {
            code
            read
            edit
          }
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

const restartApplyingMutation = graphql`
  mutation ArchiveActRestartApplyingMutation($input: ArchiveIdInput!) {
    restartArchiveApplying(input: $input) {
      __typename
      ... on ArchivePayload {
        archive {
          id
          status
          statusLabel
          applyingStatus
          locked
          updatedAt
          permissions {
            code
            read
            edit
          }
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

const deleteMutation = graphql`
  mutation ArchiveActDeleteMutation($input: ArchiveIdInput!) {
    deleteArchive(input: $input) {
      __typename
      ... on DeleteArchivePayload {
        deletedArchiveId @deleteRecord
      }
      ... on Error {
        message
      }
    }
  }
`;

/** The mutation of each act and the response field it answers in. */
export const ACT_MUTATIONS: Record<string, { mutation: GraphQLTaggedNode; field: string }> = {
  publish: { mutation: publishMutation, field: 'publishArchive' },
  suspend: { mutation: suspendMutation, field: 'suspendArchive' },
  resume: { mutation: resumeMutation, field: 'resumeArchive' },
  archive: { mutation: archiveMutation, field: 'archiveArchive' },
  reopen: { mutation: reopenMutation, field: 'reopenArchive' },
  lock: { mutation: lockMutation, field: 'lockArchive' },
  unlock: { mutation: unlockMutation, field: 'unlockArchive' },
  suspendApplying: { mutation: suspendApplyingMutation, field: 'suspendArchiveApplying' },
  resumeApplying: { mutation: resumeApplyingMutation, field: 'resumeArchiveApplying' },
  stopApplying: { mutation: stopApplyingMutation, field: 'stopArchiveApplying' },
  restartApplying: { mutation: restartApplyingMutation, field: 'restartArchiveApplying' },
  delete: { mutation: deleteMutation, field: 'deleteArchive' },
};
