import { createToaster, Portal, Stack, Toast, Toaster as ChakraToaster } from '@chakra-ui/react';

/** Messages at the top of the page (success, warnings, transport failures). */
export const toaster = createToaster({ placement: 'top', duration: 4000, max: 4 });

let lastMessage = { text: '', at: 0 };

/** One toast per message per second: several failing requests say it once. */
export function notify(type: 'success' | 'error' | 'warning' | 'info', text: string): void {
  const now = Date.now();
  if (lastMessage.text === text && now - lastMessage.at < 1000) return;
  lastMessage = { text, at: now };
  toaster.create({ type, title: text });
}

export function Toaster() {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }} data-testid="toast">
            <Toast.Indicator />
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
            </Stack>
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
