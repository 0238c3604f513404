import { Flex, Spinner } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

export function Loading() {
  const { t } = useTranslation();
  return (
    <Flex align="center" gap="2" color="fg.subtle" p="6" data-testid="loading">
      <Spinner size="sm" /> {t('client.loading')}
    </Flex>
  );
}
