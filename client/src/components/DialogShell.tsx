import { CloseButton, Dialog, Flex, Portal, Spinner, VisuallyHidden } from '@chakra-ui/react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDirty } from '../lib/dirty.ts';
import { useIsPhone } from '../lib/useMedia.ts';
import { useDiscardGuard } from './DiscardDialog.tsx';

type Size = 'sm' | 'md' | 'lg' | 'xl' | 'full';

/**
 * The element that had focus when a dialog opened: focus goes back there when it closes
 * (Escape, Cancel, the close button or a save), when it is still on the page.
 */
export function useOpener(): () => HTMLElement | null {
  const [opener] = useState(() => (typeof document !== 'undefined' && document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null));
  return () => (opener?.isConnected ? opener : null);
}

/**
 * The one dialog shell (docs/ui-bars.md): a title (it names the dialog for screen readers, also
 * when `header` replaces it on screen), a scrolling body, a footer that always stays in view,
 * a close button; full screen below 768 px (phones) and for `size="full"`. With `onSubmit` the
 * header, body and footer are one form (Enter submits; the footer's submit button is
 * type="submit"). Focus starts in `initialFocus` (else the first field) and returns to the
 * element that opened the dialog. Nothing typed is lost (docs/ui-kit.md): while the dialog holds
 * unsaved input (`dirty`, or when the screen does not say, any input inside it since it opened),
 * Escape, the close button and a click outside ask 放弃未保存的修改？ first, and closing or reloading
 * the browser tab asks too. Cancel and a save close at once: they are the form's own acts.
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
  initialFocus,
  returnFocus,
  restoreFocus = true,
  bodyProps,
  dirty,
}: {
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  testId: string;
  size?: Size;
  header?: ReactNode;
  onSubmit?: (e: FormEvent<HTMLFormElement>) => void;
  initialFocus?: () => HTMLElement | null;
  /** Where focus goes on close, when the dialog's own first render is not where it opened (a dialog behind a Suspense fallback). */
  returnFocus?: () => HTMLElement | null;
  /** False for a placeholder that another dialog replaces (DialogLoading): it must not move focus on its way out. */
  restoreFocus?: boolean;
  bodyProps?: Record<string, unknown>;
  /** Unsaved input; undefined: any input event inside the dialog counts. */
  dirty?: boolean;
}) {
  const { t } = useTranslation();
  const unsaved = useDirty(dirty);
  const guard = useDiscardGuard(unsaved.dirty);
  const ownOpener = useOpener();
  const opener = returnFocus ?? ownOpener;
  // Chosen here rather than as a responsive variant: the full-screen variant's min-height would leak into the others.
  const phone = useIsPhone();
  const full = size === 'full' || phone;
  const parts = (
    <>
      <Dialog.Header borderBottomWidth={full ? '1px' : undefined} pr="12">
        {header ? (
          <>
            <VisuallyHidden asChild>
              <Dialog.Title>{title}</Dialog.Title>
            </VisuallyHidden>
            {header}
          </>
        ) : (
          <Dialog.Title>{title}</Dialog.Title>
        )}
      </Dialog.Header>
      <Dialog.Body pt="4" display={full ? 'flex' : undefined} flexDirection="column" minH="0" {...bodyProps}>
        {children}
      </Dialog.Body>
      {footer && (
        <Dialog.Footer borderTopWidth={full ? '1px' : { base: '1px', md: '0' }} flexWrap="wrap" gap="2" flexShrink={0}>
          {footer}
        </Dialog.Footer>
      )}
    </>
  );
  return (
    <Dialog.Root
      open
      onOpenChange={(e) =>
        !e.open &&
        guard.request(() => {
          unsaved.release();
          onClose();
        })
      }
      placement="center"
      size={full ? 'full' : size}
      scrollBehavior="inside"
      closeOnInteractOutside={!full}
      initialFocusEl={initialFocus}
      finalFocusEl={opener}
      restoreFocus={restoreFocus}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid={testId} onInput={unsaved.onInput}>
            {onSubmit ? (
              // The form takes the content's place in its flex column, so the body scrolls and the footer stays.
              <form onSubmit={onSubmit} noValidate style={{ display: 'flex', flexDirection: 'column', flex: '1 1 auto', minHeight: 0 }}>
                {parts}
              </form>
            ) : (
              parts
            )}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('client.close')} data-testid={`${testId}-close`} />
            </Dialog.CloseTrigger>
            {guard.element}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/**
 * The Suspense fallback of a dialog that loads its data: the same frame with a spinner. It does
 * not restore focus when the loaded dialog replaces it (focus going back to the opener at that
 * moment is a focus outside the new dialog, which closed it at once). The loaded dialog returns
 * focus to the opener itself: pass it `returnFocus` from `useOpener()` called above the Suspense.
 */
export function DialogLoading({ title, onClose, testId, size = 'md' }: { title: ReactNode; onClose: () => void; testId: string; size?: Size }) {
  return (
    <DialogShell title={title} onClose={onClose} testId={testId} size={size} restoreFocus={false}>
      <Flex justify="center" p="10">
        <Spinner />
      </Flex>
    </DialogShell>
  );
}
