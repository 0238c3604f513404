import { useTranslation } from 'react-i18next';
import type { MutationParameters } from 'relay-runtime';
import { ConfirmDialog } from '../../../components/list/ConfirmDialog.tsx';
import { notify } from '../../../components/toaster.tsx';
import { useMutationAction } from '../../../lib/useMutationAction.ts';
import type { Act } from './codes.ts';
import { ACT_MUTATIONS } from './mutations.ts';

type Answer = { readonly __typename: string; readonly message?: string };

/**
 * Confirms and runs one act on an archive (publish, suspend, lock, delete...): the dialog names
 * the student and the consequence, the button says the act; a refusal (档案已锁定，不能修改, a
 * state already changed by someone else) stays in the dialog.
 */
export function ActDialog({ archive, act, onClose, onDone }: { archive: { id: string; name: string }; act: Act; onClose: () => void; onDone?: () => void }) {
  const { t } = useTranslation();
  const { mutation, field } = ACT_MUTATIONS[act]!;
  const action = useMutationAction<MutationParameters, Answer>(mutation, (r) => (r as Record<string, Answer>)[field]!);
  const label = t(`archivesUi.act.${act}`);
  return (
    <ConfirmDialog
      title={t('archivesUi.confirm.title', { act: label, name: archive.name })}
      message={t(`archivesUi.confirm.${act}`, { name: archive.name })}
      confirmLabel={label}
      destructive={act === 'delete' || act === 'lock' || act === 'archive' || act === 'stopApplying'}
      busy={action.busy}
      error={action.error}
      onClose={onClose}
      testId="archive-act-dialog"
      onConfirm={() =>
        action.run(
          { input: { id: archive.id } },
          {
            onDone: () => {
              notify('success', act === 'delete' ? t('archivesUi.deleted') : t('archivesUi.done'));
              onClose();
              onDone?.();
            },
          },
        )
      }
    />
  );
}
