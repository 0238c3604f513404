import { Button, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogShell } from './DialogShell.tsx';
import { FormError } from './FormError.tsx';

/**
 * The dialog-form recipe (docs/ui-bars.md) on DialogShell: Cancel and the primary action in the
 * footer, always in view; the primary shows progress and cannot be pressed twice; what the server
 * or the network refused (`error`) at the top of the body, while everything typed stays. Field
 * problems go under their fields (Field.ErrorText) inside `children`.
 */
export function FormDialog({
  title,
  testId,
  onClose,
  onSave,
  busy,
  error,
  errorTestId,
  saveLabel,
  busyLabel,
  saveTestId,
  cancelTestId,
  destructive,
  size = 'md',
  dirty,
  children,
}: {
  title: ReactNode;
  testId: string;
  onClose: () => void;
  onSave: () => void;
  busy: boolean;
  error?: string | null;
  errorTestId?: string;
  saveLabel?: string;
  busyLabel?: string;
  saveTestId?: string;
  cancelTestId?: string;
  /** A destructive act: the primary button is red and says the act ("Delete"), not "OK". */
  destructive?: boolean;
  size?: 'sm' | 'md' | 'lg' | 'xl' | 'full';
  /** Unsaved input (DialogShell): undefined counts any input inside the dialog. */
  dirty?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <DialogShell
      title={title}
      onClose={onClose}
      testId={testId}
      size={size}
      dirty={dirty}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={busy && destructive} data-testid={cancelTestId}>
            {t('client.cancel')}
          </Button>
          <Button colorPalette={destructive ? 'red' : 'blue'} onClick={onSave} loading={busy} loadingText={busyLabel} data-testid={saveTestId ?? `${testId.replace(/-dialog$/, '')}-save`}>
            {saveLabel ?? t('tasksUi.save')}
          </Button>
        </>
      }
    >
      <Stack gap="3" flex={size === 'full' ? '1' : undefined} minH="0">
        <FormError message={error} testId={errorTestId} />
        {children}
      </Stack>
    </DialogShell>
  );
}
