import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

/** Notices and letters. */
export function NoticeList() {
  const { t } = useTranslation();
  return (
    <Stack gap="4" data-testid="notice-list">
      <Heading size="lg">{t('client.notice.title')}</Heading>
      <Box bg="white" borderWidth="1px" borderRadius="lg" p="6">
        <Text color="gray.600">{t('client.notice.notBuilt')}</Text>
      </Box>
    </Stack>
  );
}
