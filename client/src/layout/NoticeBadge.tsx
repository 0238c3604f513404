import { Badge, Box, IconButton } from '@chakra-ui/react';
import { Bell } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment, useSubscription } from 'react-relay';
import { useNavigate } from 'react-router';
import type { GraphQLSubscriptionConfig } from 'relay-runtime';
import { numberSuffix } from '../lib/format.ts';
import type { NoticeBadgeSubscription } from './__generated__/NoticeBadgeSubscription.graphql.ts';
import type { NoticeBadge_query$key } from './__generated__/NoticeBadge_query.graphql.ts';

const fragment = graphql`
  fragment NoticeBadge_query on Query {
    unreadLetterCount
  }
`;

/** Every change of the count arrives over SSE and lands on the root, where the fragment reads it. */
const subscription = graphql`
  subscription NoticeBadgeSubscription {
    unreadLetterCount
  }
`;

/** The unread badge; it leads to /notice. */
export function NoticeBadge({ query }: { query: NoticeBadge_query$key }) {
  const { unreadLetterCount: count } = useFragment(fragment, query);
  const config = useMemo<GraphQLSubscriptionConfig<NoticeBadgeSubscription>>(
    () => ({
      subscription,
      variables: {},
      updater: (store, data) => {
        if (typeof data?.unreadLetterCount === 'number') store.getRoot().setValue(data.unreadLetterCount, 'unreadLetterCount');
      },
    }),
    [],
  );
  useSubscription<NoticeBadgeSubscription>(config);
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Box position="relative">
      <IconButton
        aria-label={count ? t('client.layout.unread', { count }) : t('client.layout.notices')}
        title={count ? t('client.layout.unread', { count }) : t('client.layout.notices')}
        variant="ghost"
        color="white"
        size="sm"
        _hover={{ bg: 'nav.hover' }}
        onClick={() => navigate(count ? '/notice?tab=letters' : '/notice')}
        data-testid="notice-badge"
        data-count={count}
      >
        <Bell />
      </IconButton>
      {count > 0 && (
        <Badge position="absolute" top="0" right="0" transform="translate(30%, -20%)" colorPalette="red" variant="solid" size="xs" borderRadius="full" pointerEvents="none" data-testid="unread-count">
          {count > 99 ? '99+' : numberSuffix(count)}
        </Badge>
      )}
    </Box>
  );
}
