import { Button, Field, Input, Link, Menu, Portal, Text } from '@chakra-ui/react';
import { ChevronDown, ShieldAlert } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql } from 'react-relay';
import { ConfirmDialog } from '../../../components/list/ConfirmDialog.tsx';
import { saveBlob } from '../../../components/list/download.ts';
import { type ExportJob, waitForExportJob } from '../../../components/list/exportJob.ts';
import { fetchDownload } from '../../../components/list/fetchDownload.ts';
import { notify } from '../../../components/toaster.tsx';
import { useMutationAction } from '../../../lib/useMutationAction.ts';
import { run } from '../../../relay/fetch.ts';
import type { PrivacyMenuEraseMutation } from './__generated__/PrivacyMenuEraseMutation.graphql.ts';
import type { PrivacyMenuExportMutation } from './__generated__/PrivacyMenuExportMutation.graphql.ts';
import type { PrivacyMenuHoldMutation } from './__generated__/PrivacyMenuHoldMutation.graphql.ts';
import type { PrivacyMenuReleaseMutation } from './__generated__/PrivacyMenuReleaseMutation.graphql.ts';

const exportMutation = graphql`
  mutation PrivacyMenuExportMutation($input: ArchiveIdInput!) {
    startArchivePersonalDataExport(input: $input) {
      __typename
      ... on ExportJob {
        id
      }
      ... on Error {
        message
      }
    }
  }
`;

const holdMutation = graphql`
  mutation PrivacyMenuHoldMutation($input: ArchiveIdInput!) {
    setArchiveLegalHold(input: $input) {
      __typename
      ... on ArchivePayload {
        archive {
          id
          legalHold
          updatedAt
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

const releaseMutation = graphql`
  mutation PrivacyMenuReleaseMutation($input: ArchiveIdInput!) {
    clearArchiveLegalHold(input: $input) {
      __typename
      ... on ArchivePayload {
        archive {
          id
          legalHold
          updatedAt
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

const eraseMutation = graphql`
  mutation PrivacyMenuEraseMutation($input: EraseArchivePersonalDataInput!) {
    eraseArchivePersonalData(input: $input) {
      __typename
      ... on ArchivePayload {
        archive {
          id
          name
          userName
          legalHold
          erasedAt
          updatedAt
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

type Answer = { readonly __typename: string; readonly message?: string };
type ExportState = { phase: 'running'; share: number } | { phase: 'done'; url: string; fileName: string } | { phase: 'failed'; message: string } | null;

/** Runs the personal-data export job, reporting its share done; answers the finished job. */
async function runExport(id: string, onProgress: (share: number) => void): Promise<ExportJob> {
  const started = (await run<PrivacyMenuExportMutation['response']>(exportMutation, { input: { id } })).startArchivePersonalDataExport;
  return waitForExportJob(started, onProgress);
}

/**
 * The privacy requests of one archive (docs/security.md, "Privacy requests"), for holders of
 * `archive.privacy` (administrators): export everything held about the person (progress, then a
 * download link), set or clear the legal hold, and erase the person after typing their name.
 */
export function PrivacyMenu({ archive, onErased }: { archive: { id: string; name: string; legalHold: boolean; erasedAt: unknown }; onErased: () => void }) {
  const { t } = useTranslation();
  const [exporting, setExporting] = useState<ExportState>(null);
  const [erasing, setErasing] = useState(false);
  const hold = useMutationAction<PrivacyMenuHoldMutation, Answer>(holdMutation, (r) => r.setArchiveLegalHold);
  const release = useMutationAction<PrivacyMenuReleaseMutation, Answer>(releaseMutation, (r) => r.clearArchiveLegalHold);
  const erased = !!archive.erasedAt;

  const startExport = () => {
    setExporting({ phase: 'running', share: 0 });
    runExport(archive.id, (share) => setExporting({ phase: 'running', share })).then(
      (job) => setExporting(job.state === 'DONE' && job.downloadUrl ? { phase: 'done', url: job.downloadUrl, fileName: job.fileName } : { phase: 'failed', message: job.message || t('transport.unknown') }),
      (err: unknown) => setExporting({ phase: 'failed', message: err instanceof Error ? err.message : t('transport.unknown') }),
    );
  };
  const download = async (url: string, fileName: string) => {
    try {
      const file = await fetchDownload(url, fileName);
      saveBlob(file.fileName, file.blob);
    } catch (err) {
      notify('error', err instanceof Error ? err.message : t('transport.unknown'));
    }
  };
  const toggleHold = () => {
    const action = archive.legalHold ? release : hold;
    action.run(
      { input: { id: archive.id } },
      {
        onDone: () => notify('success', t(archive.legalHold ? 'archivesUi.privacy.holdCleared' : 'archivesUi.privacy.holdSet')),
        onRefused: (a) => {
          notify('error', a.message || t('transport.unknown'));
          return true;
        },
      },
    );
  };

  return (
    <>
      <Menu.Root positioning={{ placement: 'bottom-end' }}>
        <Menu.Trigger asChild>
          <Button size="sm" variant="outline" colorPalette="red" data-testid="privacy-menu">
            <ShieldAlert size={14} aria-hidden /> {t('archivesUi.privacy.menu')} <ChevronDown size={14} />
          </Button>
        </Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content>
              <Menu.Item value="export" onSelect={startExport} disabled={erased || exporting?.phase === 'running'} data-testid="privacy-export">
                {t('archivesUi.privacy.export')}
              </Menu.Item>
              <Menu.Item value="hold" onSelect={toggleHold} disabled={erased || hold.busy || release.busy} data-testid="privacy-hold">
                {t(archive.legalHold ? 'archivesUi.privacy.clearHold' : 'archivesUi.privacy.setHold')}
              </Menu.Item>
              <Menu.Item value="erase" color="fg.error" disabled={erased} onSelect={() => setErasing(true)} data-testid="privacy-erase">
                {t('archivesUi.privacy.erase')}
              </Menu.Item>
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
      {exporting && (
        <Text fontSize="sm" role="status" data-testid="privacy-export-status" color={exporting.phase === 'failed' ? 'fg.error' : undefined}>
          {exporting.phase === 'running' && t('archivesUi.privacy.exporting', { percent: Math.round(exporting.share * 100) })}
          {exporting.phase === 'failed' && exporting.message}
          {exporting.phase === 'done' && (
            <Link color="fg.link" href="#" onClick={(e) => (e.preventDefault(), void download(exporting.url, exporting.fileName))} data-testid="privacy-download">
              {t('archivesUi.privacy.download', { file: exporting.fileName })}
            </Link>
          )}
        </Text>
      )}
      {erasing && <EraseDialog archive={archive} onClose={() => setErasing(false)} onErased={onErased} />}
    </>
  );
}

/** The erase, confirmed by typing the student's name; a refusal (open application, legal hold, name typed wrong) stays in the dialog. */
function EraseDialog({ archive, onClose, onErased }: { archive: { id: string; name: string }; onClose: () => void; onErased: () => void }) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const erase = useMutationAction<PrivacyMenuEraseMutation, Answer>(eraseMutation, (r) => r.eraseArchivePersonalData);
  return (
    <ConfirmDialog
      title={t('archivesUi.privacy.eraseTitle', { name: archive.name })}
      message={t('archivesUi.privacy.eraseMessage', { name: archive.name })}
      confirmLabel={t('archivesUi.privacy.eraseConfirm')}
      destructive
      busy={erase.busy}
      error={erase.error}
      testId="privacy-erase-dialog"
      // The name typed only confirms the erase: closing never asks to keep it.
      dirty={false}
      onClose={onClose}
      onConfirm={() =>
        // A name typed wrong is refused by the server (PRIVACY_CONFIRMATION), in the dialog like every refusal.
        erase.run(
          { input: { id: archive.id, confirmName: typed } },
          {
            onDone: () => {
              notify('success', t('archivesUi.privacy.erased'));
              onClose();
              // Every section shown is gone: the page reads the archive again.
              onErased();
            },
          },
        )
      }
    >
      <Field.Root required>
        <Field.Label>{t('archivesUi.privacy.typeName', { name: archive.name })}</Field.Label>
        <Input value={typed} onChange={(e) => setTyped(e.target.value)} autoComplete="off" data-testid="privacy-erase-name" />
      </Field.Root>
    </ConfirmDialog>
  );
}
