import { CloseButton, Dialog, Portal } from '@chakra-ui/react';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The one dialog shell: a title (it names the dialog for screen readers), a scrolling body, a
 * footer, a close button; `full` is the spec's full-screen dialog. With `onSubmit` the header,
 * body and footer are one form (Enter submits; the footer's submit button is type="submit").
 */
export function DialogShell({
  title,
  onClose,
  children,
  footer,
  testId,
  size = 'md',
  header,
  onSubmit,
}: {
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  testId: string;
  size?: 'sm' | 'md' | 'lg' | 'xl' | 'full';
  header?: ReactNode;
  onSubmit?: (e: FormEvent<HTMLFormElement>) => void;
}) {
  const { t } = useTranslation();
  const parts = (
    <>
      <Dialog.Header borderBottomWidth={size === 'full' ? '1px' : undefined} pr="12">
        {header ?? <Dialog.Title>{title}</Dialog.Title>}
      </Dialog.Header>
      <Dialog.Body pt="4" display={size === 'full' ? 'flex' : undefined} flexDirection="column" minH="0">
        {children}
      </Dialog.Body>
      {footer && <Dialog.Footer borderTopWidth={size === 'full' ? '1px' : undefined}>{footer}</Dialog.Footer>}
    </>
  );
  return (
    <Dialog.Root open onOpenChange={(e) => !e.open && onClose()} placement="center" size={size} scrollBehavior="inside" closeOnInteractOutside={size !== 'full'}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid={testId}>
            {onSubmit ? (
              <form onSubmit={onSubmit} noValidate>
                {parts}
              </form>
            ) : (
              parts
            )}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('client.close')} data-testid={`${testId}-close`} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
