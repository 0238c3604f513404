import { Box, Field, HStack, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { notify } from '../../../components/toaster.tsx';
import { personName } from '../../../components/task/TaskBadges.tsx';
import { useFormat } from '../../../lib/useFormat.ts';
import { useLang } from '../../../lib/useLang.ts';
import { useMutationAction } from '../../../lib/useMutationAction.ts';
import { VerificationBadge } from './badges.tsx';
import { useModuleName } from './moduleNames.tsx';
import type { VerifyDialogVerifyMutation } from './__generated__/VerifyDialogVerifyMutation.graphql.ts';
import type { VerifyDialogReverifyMutation } from './__generated__/VerifyDialogReverifyMutation.graphql.ts';
import type { VerifyDialogRecordsQuery } from './__generated__/VerifyDialogRecordsQuery.graphql.ts';

/** A module's verification state, as the lists and the step's answer read it. */
void graphql`
  fragment VerifyDialog_module on ArchiveVerificationModule {
    status
    note
    verifiedAt
    verifier {
      id
      name
      nameEn
    }
  }
`;

/** What a verify or reverify step answers: the module and the archive's verification. */
void graphql`
  fragment VerifyDialog_answer on ArchiveVerificationStepPayload {
    module {
      id
      ...VerifyDialog_module @relay(mask: false)
    }
    verification {
      id
      status
      statusLabel
      verifiedAt
    }
  }
`;

const verifyMutation = graphql`
  mutation VerifyDialogVerifyMutation($input: ArchiveVerificationStepInput!) {
    verifyArchiveModule(input: $input) {
      __typename
      ... on ArchiveVerificationStepPayload {
        ...VerifyDialog_answer @relay(mask: false) @dangerously_unaliased_fixme
      }
      ... on Error {
        message
      }
    }
  }
`;

const recordsQuery = graphql`
  query VerifyDialogRecordsQuery($id: ID!) {
    node(id: $id) {
      ... on ArchiveVerification {
        records(first: 100) {
          edges {
            node {
              action
              note
              createdAt
              verifier {
                name
                nameEn
              }
              module {
                id
              }
            }
          }
        }
      }
    }
  }
`;

const reverifyMutation = graphql`
  mutation VerifyDialogReverifyMutation($input: ArchiveVerificationStepInput!) {
    reverifyArchiveModule(input: $input) {
      __typename
      ... on ArchiveVerificationStepPayload {
        ...VerifyDialog_answer @relay(mask: false) @dangerously_unaliased_fixme
      }
      ... on Error {
        message
      }
    }
  }
`;

export type VerifyModule = {
  id: string;
  moduleCode: string;
  moduleName: string;
  status: string;
  note?: string | null;
  verifiedAt?: unknown;
  verifier?: { name: string; nameEn?: string | null } | null;
};

type Answer = { readonly __typename: string; readonly message?: string };

/**
 * Verify one module of a verification task, or send a verified one back (a reason required):
 * the module's state and its history (who verified, sent back, or changed it since) above the
 * note, and `children` for the section's content where the screen has it.
 */
export function VerifyDialog({ archiveName, module, verificationId, onClose, children }: { archiveName: string; module: VerifyModule; verificationId: string; onClose: () => void; children?: ReactNode }) {
  const { t } = useTranslation();
  const lang = useLang();
  const fmt = useFormat();
  const moduleName = useModuleName()(module.moduleCode, module.moduleName);
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const sendBack = module.status === 'VERIFIED';
  const verify = useMutationAction<VerifyDialogVerifyMutation, Answer>(verifyMutation, (r) => r.verifyArchiveModule);
  const reverify = useMutationAction<VerifyDialogReverifyMutation, Answer>(reverifyMutation, (r) => r.reverifyArchiveModule);
  const action = sendBack ? reverify : verify;
  const submit = () => {
    if (sendBack && !note.trim()) {
      setProblem(t('archivesUi.verify.reasonRequired'));
      return;
    }
    action.run({ input: { id: module.id, ...(note.trim() ? { note: note.trim() } : {}) } }, { onDone: () => (notify('success', t(sendBack ? 'archivesUi.verify.sentBack' : 'archivesUi.verify.passed')), onClose()) });
  };
  // The module's history (a small query of its task; records are kept out of the list and detail queries).
  const history = useLazyLoadQuery<VerifyDialogRecordsQuery>(recordsQuery, { id: verificationId }, { fetchPolicy: 'store-and-network' });
  const records = (history.node?.records?.edges ?? []).map((e) => e.node).filter((r) => r.module?.id === module.id);
  const changed = records[0]?.action === 'RESET_BY_EDIT';
  return (
    <FormDialog
      title={t('archivesUi.verify.dialog', { name: `${archiveName} · ${moduleName}` })}
      testId="verify-dialog"
      onClose={onClose}
      onSave={submit}
      busy={action.busy}
      error={action.error}
      saveLabel={t(sendBack ? 'archivesUi.verify.sendBack' : 'archivesUi.verify.pass')}
      destructive={sendBack}
      saveTestId="verify-dialog-save"
      size="lg"
    >
      <HStack gap="2" wrap="wrap">
        <Text fontWeight="medium">{moduleName}</Text>
        <VerificationBadge status={module.status} />
        {changed && (
          <Text fontSize="sm" color="fg.warning" data-testid="verify-changed">
            {t('archivesUi.verify.changedSince')}
          </Text>
        )}
      </HStack>
      {children && (
        <Box borderWidth="1px" borderRadius="md" p="3" maxH="64" overflowY="auto" tabIndex={0} aria-label={t('archivesUi.verify.whatChanged')}>
          <Text fontSize="sm" fontWeight="medium" mb="2">
            {t('archivesUi.verify.whatChanged')}
          </Text>
          {children}
        </Box>
      )}
      <Stack gap="1" data-testid="verify-records">
        <Text fontSize="sm" fontWeight="medium">
          {t('archivesUi.verify.records')}
        </Text>
        {!records.length && (
          <Text fontSize="sm" color="fg.subtle">
            {t('archivesUi.verify.noRecords')}
          </Text>
        )}
        {records.map((r, i) => (
          <Text key={i} fontSize="sm">
            {fmt.dateTime(r.createdAt as string)} · {r.verifier ? personName(r.verifier, lang) : t('archivesUi.verify.system')} · {t(`archivesUi.verify.action.${r.action}`)}
            {r.note ? `：${r.note}` : ''}
          </Text>
        ))}
      </Stack>
      <Field.Root invalid={!!problem} required={sendBack}>
        <Field.Label>
          {t(sendBack ? 'archivesUi.verify.reason' : 'archivesUi.verify.note')}
          {sendBack && <Field.RequiredIndicator />}
        </Field.Label>
        <Textarea
          value={note}
          onChange={(e) => {
            setNote(e.target.value);
            if (e.target.value.trim()) setProblem(null);
          }}
          rows={3}
          data-testid="verify-note"
        />
        {problem && <Field.ErrorText>{problem}</Field.ErrorText>}
      </Field.Root>
    </FormDialog>
  );
}
