import { CloseButton, Dialog, Portal } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A dialog with a title, body and footer; `full` is the spec's full-screen dialog. */
export function DialogShell({ title, onClose, children, footer, testId, size = 'md', header }: {
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  testId: string;
  size?: 'sm' | 'md' | 'lg' | 'xl' | 'full';
  header?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Dialog.Root open onOpenChange={(e) => !e.open && onClose()} placement="center" size={size} scrollBehavior="inside" closeOnInteractOutside={size !== 'full'}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid={testId}>
            <Dialog.Header borderBottomWidth={size === 'full' ? '1px' : undefined} pr="12">
              {header ?? <Dialog.Title>{title}</Dialog.Title>}
            </Dialog.Header>
            <Dialog.Body pt="4" display={size === 'full' ? 'flex' : undefined} flexDirection="column" minH="0">{children}</Dialog.Body>
            {footer && <Dialog.Footer borderTopWidth={size === 'full' ? '1px' : undefined}>{footer}</Dialog.Footer>}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('client.close')} data-testid={`${testId}-close`} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
