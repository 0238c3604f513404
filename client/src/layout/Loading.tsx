import { Box, Flex, Skeleton, SkeletonText, Stack, VisuallyHidden } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

/** A view's last path segment that names one record (a number or a global id): its skeleton is a detail page's. */
const RECORD = /\/(?:\d+|[A-Za-z0-9+/_%=-]{12,})$/;

/**
 * What a view shows while its code or data loads (docs/ui-kit.md, "Loading"): a skeleton shaped
 * like the page to come, never a bare 加载中... in a corner. A record's page (a path ending in
 * its id) gets a heading, a row of facts and section cards; any other view a toolbar and rows.
 * The words stay for screen readers (role="status").
 */
export function Loading({ kind }: { kind?: 'detail' | 'list' }) {
  const { t } = useTranslation();
  const shape = kind ?? (typeof window !== 'undefined' && RECORD.test(window.location.hash.split('?')[0] ?? '') ? 'detail' : 'list');
  return (
    <Stack gap="4" p={{ base: '0', md: '1' }} role="status" aria-busy="true" data-testid="loading" data-skeleton={shape}>
      <VisuallyHidden>{t('client.loading')}</VisuallyHidden>
      {shape === 'detail' ? <DetailShape /> : <ListShape />}
    </Stack>
  );
}

function DetailShape() {
  return (
    <>
      <Flex gap="3" align="center">
        <Skeleton h="8" w="48" />
        <Box flex="1" />
        <Skeleton h="8" w="24" />
      </Flex>
      <Flex gap="4" wrap="wrap">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} h="5" w="32" />
        ))}
      </Flex>
      {[0, 1].map((i) => (
        <Box key={i} borderWidth="1px" borderRadius="lg" p="4" bg="bg.panel">
          <Skeleton h="5" w="40" mb="4" />
          <SkeletonText noOfLines={4} gap="3" />
        </Box>
      ))}
    </>
  );
}

function ListShape() {
  return (
    <>
      <Flex gap="3" align="center">
        <Skeleton h="8" w="40" />
        <Box flex="1" />
        <Skeleton h="8" w="24" />
      </Flex>
      <Skeleton h="9" w="full" maxW="md" />
      <Stack gap="2" borderWidth="1px" borderRadius="lg" p="3" bg="bg.panel">
        {[0, 1, 2, 3, 4, 5].map((i) => (
          <Skeleton key={i} h="6" w="full" />
        ))}
      </Stack>
    </>
  );
}
