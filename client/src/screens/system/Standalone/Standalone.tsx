import { Box, Flex, Heading, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Logo } from '../../../components/Logo.tsx';

/** Top-level pages outside the layout (school details, WPS loading, course export) until their screens land. */
export function Standalone({ kind }: { kind: 'schoolDetails' | 'wpsLoading' | 'courseExport' }) {
  const { t } = useTranslation();
  return (
    <Flex minH="100vh" align="center" justify="center" bg="bg.canvas" p="6">
      <Box bg="bg.panel" borderRadius="lg" borderWidth="1px" p="8" textAlign="center" data-testid={`standalone-${kind}`}>
        <Flex justify="center" mb="4">
          <Logo size={40} />
        </Flex>
        <Heading size="lg">{t(`client.standalone.${kind}`)}</Heading>
        <Text color="fg.muted" mt="2">
          {t('client.placeholder.body')}
        </Text>
      </Box>
    </Flex>
  );
}
