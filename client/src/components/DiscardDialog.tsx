import { Button, Dialog, Portal, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createStore } from '../state/store.ts';

/**
 * The one question before unsaved input is thrown away (docs/ui-kit.md, "Nothing typed is
 * lost"): 放弃未保存的修改？ with 继续编辑 (the default, also Escape) and 放弃修改. Used inside
 * DialogShell (Escape, the close button, a click outside) and by `askDiscard` for what happens
 * outside a dialog (leaving a view, closing its tab).
 */
export function DiscardDialog({ onKeep, onDiscard }: { onKeep: () => void; onDiscard: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog.Root open role="alertdialog" onOpenChange={(e) => !e.open && onKeep()} placement="center" size="sm">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="discard-dialog">
            <Dialog.Header>
              <Dialog.Title>{t('client.discard.title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>{t('client.discard.body')}</Text>
            </Dialog.Body>
            <Dialog.Footer gap="2">
              <Button variant="outline" onClick={onKeep} data-testid="discard-keep">
                {t('client.discard.keep')}
              </Button>
              <Button colorPalette="red" onClick={onDiscard} data-testid="discard-confirm">
                {t('client.discard.confirm')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** A close that asks first when the form holds unsaved input: `request(close)` runs `close` at once, or after 放弃修改. */
export function useDiscardGuard(dirty: boolean) {
  const [pending, setPending] = useState<(() => void) | null>(null);
  const request = (close: () => void) => (dirty ? setPending(() => close) : close());
  const element = pending ? (
    <DiscardDialog
      onKeep={() => setPending(null)}
      onDiscard={() => {
        const close = pending;
        setPending(null);
        close();
      }}
    />
  ) : null;
  return { request, element };
}

// ── the question asked from outside a dialog (the route blocker, the tab bar) ──

const asking = createStore<((discard: boolean) => void) | null>(null);

/** Asks 放弃未保存的修改？; resolves true for 放弃修改. Shown by `DiscardHost` (in the layout). */
export function askDiscard(): Promise<boolean> {
  return new Promise((resolve) => {
    asking.get()?.(false);
    asking.set(() => (discard: boolean) => {
      asking.set(null);
      resolve(discard);
    });
  });
}

export function DiscardHost() {
  const answer = asking.use();
  return answer ? <DiscardDialog onKeep={() => answer(false)} onDiscard={() => answer(true)} /> : null;
}
