import { Button, Flex, Heading, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** The 401 and 404 pages, standalone or inside the layout. */
export function ErrorPage({ code, embedded = false }: { code: 401 | 404; embedded?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Flex direction="column" align="center" justify="center" minH={embedded ? '60vh' : '100vh'} gap="4" p="8" textAlign="center" data-testid={`error-${code}`}>
      <Text fontSize="7xl" fontWeight="bold" color="fg.info" lineHeight="1">
        {code}
      </Text>
      <Heading size="lg">{t(`client.error.${code}.title`)}</Heading>
      <Text color="fg.muted" maxW="md">
        {t(`client.error.${code}.body`)}
      </Text>
      <Button colorPalette="blue" onClick={() => navigate('/', { replace: true })}>
        {t('client.error.backHome')}
      </Button>
    </Flex>
  );
}
