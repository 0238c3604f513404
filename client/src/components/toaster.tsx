import { createToaster, Portal, Stack, Toast, Toaster as ChakraToaster } from '@chakra-ui/react';

/**
 * Messages of the page (success, warnings, transport failures): at the top centre, below the top
 * bar (offset 64 px), so they never cover the menu, and not at a corner where the primary actions
 * of dialogs and pages sit (bottom right: Save; top right: the page's main button); three at most;
 * 3 s. A message belongs to the page it was said on: moving to another page dismisses the ones
 * already shown (`dismissOnNavigation`).
 */
export const toaster = createToaster({ placement: 'top', duration: 3000, max: 3, overlap: false, offsets: { top: '64px', bottom: '16px', left: '16px', right: '16px' } });

let lastMessage = { text: '', at: 0 };
const shownAt = new Map<string, number>();

/** One toast per message per second: several failing requests say it once. */
export function notify(type: 'success' | 'error' | 'warning' | 'info', text: string): void {
  const now = Date.now();
  if (lastMessage.text === text && now - lastMessage.at < 1000) return;
  lastMessage = { text, at: now };
  const id = toaster.create({ type, title: text });
  shownAt.set(id, now);
}

/**
 * Called by the layout when the path changes: toasts shown before the move go; one said as part
 * of the move (in the last 500 ms: "saved" then navigate, "please log in" then the login page) stays.
 */
export function dismissOnNavigation(): void {
  const now = Date.now();
  for (const [id, at] of shownAt) {
    if (now - at > 500) toaster.dismiss(id);
    if (now - at > 500) shownAt.delete(id);
  }
}

export function Toaster() {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }} data-testid="toast" data-type={toast.type}>
            <Toast.Indicator />
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
            </Stack>
            <Toast.CloseTrigger />
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
