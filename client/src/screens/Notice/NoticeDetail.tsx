import { Box, Button, Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

export function NoticeDetail() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Stack gap="4" data-testid="notice-detail">
      <Heading size="lg">{t('client.notice.detail')}</Heading>
      <Box bg="white" borderWidth="1px" borderRadius="lg" p="6">
        <Text color="gray.600">{t('client.notice.notBuilt')}</Text>
      </Box>
      <Button alignSelf="flex-start" variant="outline" onClick={() => navigate('/notice')}>{t('client.notice.back')}</Button>
    </Stack>
  );
}
