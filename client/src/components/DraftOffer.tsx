import { Alert, Button, HStack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../lib/useFormat.ts';

/**
 * A form's draft kept from before (a session that ended elsewhere, a tab closed while typing:
 * lib/dirty.ts `useDraft`), offered back: 恢复草稿 fills the form with it, 丢弃 drops it.
 */
export function DraftOffer({ savedAt, onRestore, onDrop, testId }: { savedAt: string; onRestore: () => void; onDrop: () => void; testId: string }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  return (
    <Alert.Root status="info" data-testid={testId}>
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{t('client.draft.found', { time: fmt.dateTime(savedAt) })}</Alert.Title>
      </Alert.Content>
      <HStack gap="2">
        <Button size="xs" colorPalette="blue" onClick={onRestore} data-testid={`${testId}-restore`}>
          {t('client.draft.restore')}
        </Button>
        <Button size="xs" variant="outline" onClick={onDrop}>
          {t('client.draft.drop')}
        </Button>
      </HStack>
    </Alert.Root>
  );
}
