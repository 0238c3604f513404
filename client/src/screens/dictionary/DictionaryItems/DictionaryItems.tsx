import { Box, Button, Stack } from '@chakra-ui/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, usePreloadedQuery } from 'react-relay';
import { useLocation, useNavigate } from 'react-router';
import { useMenuParams } from '../../../layout/menu.ts';
import { useRouteQuery } from '../../../relay/routeQuery.ts';
import { titleView } from '../../../state/visited.ts';
import { ErrorPage } from '../../system/index.ts';
import { ItemsPanel } from './ItemsPanel.tsx';
import { dictionaryItemsRoute } from './DictionaryItems.route.ts';
import type { DictionaryItemsQuery } from './__generated__/DictionaryItemsQuery.graphql.ts';

const itemsQuery = graphql`
  query DictionaryItemsQuery($id: ID!) {
    viewer {
      manage: can(right: "dictionary.manage")
    }
    node(id: $id) {
      __typename
      ... on Dictionary {
        name
        nameEn
      }
      ...ItemsPanel_dictionary @alias(as: "dictionary")
    }
  }
`;

/** 字典数据 (`/wordbook/data/:id`): one dictionary's items on a page of their own. */
export default function DictionaryItems() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { id = '' } = useMenuParams();
  const { queryRef } = useRouteQuery(dictionaryItemsRoute, { id });
  const data = usePreloadedQuery<DictionaryItemsQuery>(itemsQuery, queryRef);
  const node = data.node;
  const name = node?.__typename === 'Dictionary' ? node.name : null;
  const nameEn = node?.__typename === 'Dictionary' ? node.nameEn : null;
  useEffect(() => {
    if (name) titleView(pathname, { zh: name, en: nameEn || name });
  }, [name, nameEn, pathname]);
  if (!node?.dictionary) return <ErrorPage code={404} embedded />;
  return (
    <Stack gap="3" data-testid="wordbook-items-page">
      <Box>
        <Button size="sm" variant="outline" onClick={() => navigate('/wordbook')}>
          {t('contentUi.back')}
        </Button>
      </Box>
      <Box bg="bg.panel" borderWidth="1px" borderRadius="lg" p={{ base: '3', md: '4' }}>
        <ItemsPanel dictionary={node.dictionary} canManage={data.viewer.manage} />
      </Box>
    </Stack>
  );
}
