import type { ReactNode } from 'react';
import { FormDialog } from './FormDialog.tsx';
import { notify } from './toaster.tsx';

/**
 * The dialog that edits one thing through its form hook (useRoleForm, useUserForm,
 * useStaffForm): saved, it toasts `saved`, closes and calls `onDone`; a refusal stays in it.
 */
export function EditFormDialog({
  title,
  testId,
  saved,
  form,
  onClose,
  onDone,
  children,
}: {
  title: string;
  testId: string;
  saved: string;
  form: { save(onSaved: () => void): void; busy: boolean; error: string | null };
  onClose: () => void;
  onDone: () => void;
  children: ReactNode;
}) {
  const submit = () =>
    form.save(() => {
      notify('success', saved);
      onClose();
      onDone();
    });
  return (
    <FormDialog title={title} testId={testId} onClose={onClose} onSave={submit} busy={form.busy} error={form.error} size="lg">
      {children}
    </FormDialog>
  );
}
