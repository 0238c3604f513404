import { Box, Button, EmptyState, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { ExternalLink, Pencil } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, usePreloadedQuery } from 'react-relay';
import { useNavigate } from 'react-router';
import { useMenuParams } from '../../../layout/menu.ts';
import { useRouteQuery } from '../../../relay/routeQuery.ts';
import { titleView } from '../../../state/visited.ts';
import { SchoolFacts } from './SchoolFacts.tsx';
import { schoolDetailsRoute } from './SchoolDetails.route.ts';
import type { SchoolDetailsQuery } from './__generated__/SchoolDetailsQuery.graphql.ts';

const detailsQuery = graphql`
  query SchoolDetailsQuery($id: ID!) {
    viewer {
      manage: can(right: "school.manage")
    }
    node(id: $id) {
      __typename
      ... on School {
        id
        databaseId
        name
        chineseName
        remark
      }
      ...SchoolFacts_school @alias(as: "facts")
    }
  }
`;

/**
 * 学校详情 (`/school/details/:id`): every fact of the school in sections, the map of its
 * position (Leaflet, its own chunk), the staff-only remark, edit (managers) and the link to the
 * public page families open without logging in.
 */
export default function SchoolDetails() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const params = useMenuParams();
  const id = params.id ?? '';
  const { queryRef } = useRouteQuery(schoolDetailsRoute, { id });
  const data = usePreloadedQuery<SchoolDetailsQuery>(detailsQuery, queryRef);
  const node = data.node;
  const school =
    node?.__typename === 'School' && node.facts
      ? { id: node.id ?? id, databaseId: node.databaseId ?? 0, name: node.name ?? '', chineseName: node.chineseName ?? null, remark: node.remark ?? null, facts: node.facts }
      : null;
  const zh = school ? school.chineseName || school.name : '';
  const en = school?.name ?? '';
  useEffect(() => {
    if (en) titleView(`/school/details/${id}`, { zh, en });
  }, [zh, en, id]);
  if (!school) {
    return (
      <EmptyState.Root data-testid="school-not-found">
        <EmptyState.Content>
          <EmptyState.Title>{t('schoolsUi.details.notFound')}</EmptyState.Title>
        </EmptyState.Content>
      </EmptyState.Root>
    );
  }
  return (
    <Stack gap="4" data-testid="school-details">
      <SchoolFacts
        school={school.facts}
        actions={
          <Flex gap="2" wrap="wrap">
            <Button asChild size="sm" variant="outline">
              <a href={`#/school-details?id=${school.databaseId}`} target="_blank" rel="noopener" data-testid="school-public-link">
                <ExternalLink size={14} /> {t('schoolsUi.details.publicLink')}
              </a>
            </Button>
            {data.viewer.manage && (
              <Button size="sm" colorPalette="blue" onClick={() => navigate(`/school/add?id=${encodeURIComponent(school.id)}`)} data-testid="school-edit">
                <Pencil size={14} /> {t('schoolsUi.details.edit')}
              </Button>
            )}
          </Flex>
        }
      />
      {school.remark && (
        <Box bg="bg.subtle" borderWidth="1px" borderRadius="lg" p="4">
          <Heading as="h2" size="sm" mb="1">
            {t('schoolsUi.f.remark')}
          </Heading>
          <Text whiteSpace="pre-wrap">{school.remark}</Text>
        </Box>
      )}
    </Stack>
  );
}
