import { Button, Code, Stack, Text } from '@chakra-ui/react';
import { Copy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { DialogShell } from '../../../components/DialogShell.tsx';
import { notify } from '../../../components/toaster.tsx';

/**
 * A generated password, shown this once (the server keeps only its hash), or where it was
 * mailed. The dialog says it will not be shown again and offers to copy it.
 */
export function PasswordShown({ name, password, mailedTo, onClose }: { name: string; password: string | null; mailedTo: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const copy = () => {
    if (!password) return;
    void navigator.clipboard?.writeText(password).then(
      () => notify('success', t('orgUi.password.copied')),
      () => notify('error', t('orgUi.password.copyFailed')),
    );
  };
  return (
    <DialogShell
      title={t('orgUi.password.title', { name })}
      onClose={onClose}
      testId="password-shown"
      size="sm"
      footer={
        <>
          {password && (
            <Button variant="outline" onClick={copy} data-testid="password-copy">
              <Copy size={14} /> {t('orgUi.password.copy')}
            </Button>
          )}
          <Button colorPalette="blue" onClick={onClose} data-testid="password-done">
            {t('orgUi.password.done')}
          </Button>
        </>
      }
    >
      <Stack gap="3">
        {password ? (
          <>
            <Text fontSize="sm">{t('orgUi.password.once')}</Text>
            <Code fontSize="lg" p="2" data-testid="password-value" alignSelf="start">
              {password}
            </Code>
          </>
        ) : (
          <Text fontSize="sm" data-testid="password-mailed">
            {mailedTo ? t('orgUi.password.mailed', { address: mailedTo }) : t('orgUi.password.unchanged')}
          </Text>
        )}
      </Stack>
    </DialogShell>
  );
}
