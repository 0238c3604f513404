import { Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { FormDialog } from '../FormDialog.tsx';
import { notify } from '../toaster.tsx';

/**
 * Confirmation of an act (docs/ui-kit.md): the title names the act, the body names the object
 * and the consequence, the confirm button says the act ("发布" / "Publish"), never "OK". While the
 * act runs the button shows progress; a refusal stays in the dialog (`error`). Optional
 * `children` ask for more (a reason: typing it counts as unsaved input, unless `dirty` says
 * otherwise, as for a name typed to confirm an erase).
 */
export function ConfirmDialog({
  title,
  message,
  confirmLabel,
  onConfirm,
  onClose,
  busy = false,
  error,
  destructive = false,
  children,
  testId = 'confirm-dialog',
  dirty,
}: {
  title: string;
  message: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onClose: () => void;
  busy?: boolean;
  error?: string | null;
  destructive?: boolean;
  children?: ReactNode;
  testId?: string;
  dirty?: boolean;
}) {
  return (
    <FormDialog title={title} testId={testId} onClose={onClose} onSave={onConfirm} busy={busy} error={error} saveLabel={confirmLabel} saveTestId={`${testId}-confirm`} destructive={destructive} size="sm" dirty={dirty}>
      <Text>{message}</Text>
      {children}
    </FormDialog>
  );
}

/**
 * The confirmation of a delete that runs one mutation action (useMutationAction): on success a
 * toast says `done`, the dialog closes and `onDone` follows; a refusal stays in the dialog.
 */
export function DeleteDialog<V>({
  title,
  message,
  confirmLabel,
  done,
  action,
  onClose,
  onDone,
  testId,
  variables,
}: {
  title: string;
  message: ReactNode;
  confirmLabel: string;
  done: string;
  action: { run(variables: V, handlers: { onDone: () => void }): void; busy: boolean; error: string | null };
  onClose: () => void;
  onDone?: () => void;
  testId?: string;
  variables: V;
}) {
  const confirm = () =>
    action.run(variables, {
      onDone: () => {
        notify('success', done);
        onClose();
        onDone?.();
      },
    });
  return <ConfirmDialog title={title} message={message} confirmLabel={confirmLabel} destructive busy={action.busy} error={action.error} onClose={onClose} onConfirm={confirm} testId={testId} />;
}
