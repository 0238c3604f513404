import { Badge, Box, Button, Flex, Stack, Tabs, Text } from '@chakra-ui/react';
import { Mail, Megaphone, PenLine, Send } from 'lucide-react';
import { useState } from 'react';
import { ComposeLetterDialog } from './ComposeLetterDialog.tsx';
import { PublishNoticeDialog } from './PublishNoticeDialog.tsx';
import { useTranslation } from 'react-i18next';
import { graphql, usePaginationFragment, usePreloadedQuery } from 'react-relay';
import { useRouteQuery } from '../../../relay/routeQuery.ts';
import { noticeListRoute } from './NoticeList.route.ts';
import { useNavigate, useSearchParams } from 'react-router';
import { timeAgo } from '../../../lib/format.ts';
import { useLang } from '../../../lib/useLang.ts';
import { personName } from '../../../components/task/TaskBadges.tsx';
import { sessionUser } from '../../../state/session.ts';
import type { NoticeListLetters_query$key } from './__generated__/NoticeListLetters_query.graphql.ts';
import type { NoticeListNotices_query$key } from './__generated__/NoticeListNotices_query.graphql.ts';
import type { NoticeListQuery } from './__generated__/NoticeListQuery.graphql.ts';
import type { NoticeListSent_query$key } from './__generated__/NoticeListSent_query.graphql.ts';
import { PageHeader } from '../../../components/list/PageHeader.tsx';

/** /notice: the notices published to staff and the viewer's letters (the badge counts unread letters). */
const listQuery = graphql`
  query NoticeListQuery {
    ...NoticeListNotices_query
    ...NoticeListLetters_query
    ...NoticeListSent_query
    unreadLetterCount
    viewer {
      publish: can(right: "notice.publish")
    }
  }
`;

const noticesFragment = graphql`
  fragment NoticeListNotices_query on Query @refetchable(queryName: "NoticeListNoticesPaginationQuery") @argumentDefinitions(first: { type: "Int", defaultValue: 20 }, after: { type: "String" }) {
    notices(first: $first, after: $after) @connection(key: "NoticeList_notices") {
      totalCount
      edges {
        node {
          id
          title
          publishedAt
          publisherName
        }
      }
    }
  }
`;

const lettersFragment = graphql`
  fragment NoticeListLetters_query on Query @refetchable(queryName: "NoticeListLettersPaginationQuery") @argumentDefinitions(first: { type: "Int", defaultValue: 20 }, after: { type: "String" }) {
    myLetters(first: $first, after: $after) @connection(key: "NoticeList_myLetters") {
      totalCount
      edges {
        node {
          id
          title
          sentAt
          senderName
          readState
        }
      }
    }
  }
`;

const sentFragment = graphql`
  fragment NoticeListSent_query on Query @refetchable(queryName: "NoticeListSentPaginationQuery") @argumentDefinitions(first: { type: "Int", defaultValue: 20 }, after: { type: "String" }) {
    sentLetters(first: $first, after: $after) @connection(key: "NoticeList_sentLetters") {
      totalCount
      edges {
        node {
          id
          title
          sentAt
          recipientCount
          readCount
          recipients {
            name
            nameEn
          }
        }
      }
    }
  }
`;

type Row = { id: string; title: string; at: string; from: string | null | undefined; unread?: boolean; badge?: string };

function Rows({ rows, hasNext, loading, onMore, testId = 'notice-row' }: { rows: Row[]; hasNext: boolean; loading: boolean; onMore: () => void; testId?: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const zone = sessionUser.use()?.timeZone;
  if (!rows.length)
    return (
      <Text color="fg.subtle" p="6" data-testid="notice-empty">
        {t('client.notice.empty')}
      </Text>
    );
  return (
    <Stack gap="0" data-testid="notice-rows">
      {rows.map((row) => (
        <Flex
          key={row.id}
          as="button"
          textAlign="left"
          gap="3"
          px="4"
          py="3"
          borderBottomWidth="1px"
          align="center"
          _hover={{ bg: 'bg.subtle' }}
          onClick={() => navigate(`/notification/detail/${encodeURIComponent(row.id)}`)}
          data-testid={testId}
          data-title={row.title}
        >
          <Box w="2" h="2" borderRadius="full" bg={row.unread ? 'bg.unread' : 'transparent'} flexShrink={0} />
          <Text flex="1" fontWeight={row.unread ? 'semibold' : 'normal'} truncate>
            {row.title}
          </Text>
          {row.badge && (
            <Badge colorPalette="gray" variant="subtle" flexShrink={0}>
              {row.badge}
            </Badge>
          )}
          {row.unread !== undefined && (
            <Badge colorPalette={row.unread ? 'red' : 'gray'} variant="subtle">
              {t(row.unread ? 'client.notice.unread' : 'client.notice.read')}
            </Badge>
          )}
          <Text color="fg.muted" fontSize="sm" w="32" truncate hideBelow="md">
            {row.from ?? ''}
          </Text>
          <Text color="fg.muted" fontSize="sm" w={{ base: 'auto', md: '36' }} flexShrink={0} textAlign="right" title={row.at}>
            {timeAgo(row.at, new Date(), lang, t, zone)}
          </Text>
        </Flex>
      ))}
      {hasNext && (
        <Button variant="ghost" size="sm" m="2" onClick={onMore} loading={loading}>
          {t('client.notice.more')}
        </Button>
      )}
    </Stack>
  );
}

function Notices({ query }: { query: NoticeListNotices_query$key }) {
  const { data, hasNext, isLoadingNext, loadNext } = usePaginationFragment(noticesFragment, query);
  const rows = data.notices.edges.map(({ node }) => ({ id: node.id, title: node.title, at: node.publishedAt, from: node.publisherName }));
  return <Rows rows={rows} hasNext={hasNext} loading={isLoadingNext} onMore={() => loadNext(20)} />;
}

function Sent({ query }: { query: NoticeListSent_query$key }) {
  const { t } = useTranslation();
  const lang = useLang();
  const { data, hasNext, isLoadingNext, loadNext } = usePaginationFragment(sentFragment, query);
  const rows = data.sentLetters.edges.map(({ node }) => ({
    id: node.id,
    title: node.title,
    at: node.sentAt,
    from: t('contentUi.letter.toSummary', {
      names: node.recipients
        .slice(0, 3)
        .map((r) => personName(r, lang))
        .join(lang === 'en' ? ', ' : '、'),
      count: node.recipientCount,
    }),
    badge: t('contentUi.letter.readOf', { read: node.readCount, count: node.recipientCount }),
  }));
  return <Rows rows={rows} hasNext={hasNext} loading={isLoadingNext} onMore={() => loadNext(20)} testId="sent-row" />;
}

function Letters({ query }: { query: NoticeListLetters_query$key }) {
  const { data, hasNext, isLoadingNext, loadNext } = usePaginationFragment(lettersFragment, query);
  const rows = data.myLetters.edges.map(({ node }) => ({ id: node.id, title: node.title, at: node.sentAt, from: node.senderName, unread: node.readState === 'UNREAD' }));
  return <Rows rows={rows} hasNext={hasNext} loading={isLoadingNext} onMore={() => loadNext(20)} />;
}

export function NoticeList() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const { queryRef } = useRouteQuery(noticeListRoute, {});
  const data = usePreloadedQuery<NoticeListQuery>(listQuery, queryRef);
  const tab = params.get('tab') === 'letters' ? 'letters' : params.get('tab') === 'sent' ? 'sent' : 'notices';
  const [dialog, setDialog] = useState<'letter' | 'notice' | null>(null);
  return (
    <Stack gap="4" data-testid="notice-list">
      <PageHeader title={t('client.notice.title')}>
        <Button size="sm" variant="outline" onClick={() => setDialog('letter')} data-testid="letter-compose">
          <Send size={14} /> {t('contentUi.letter.compose')}
        </Button>
        {data.viewer.publish && (
          <Button size="sm" colorPalette="blue" onClick={() => setDialog('notice')} data-testid="notice-publish">
            <PenLine size={14} /> {t('contentUi.notice.publish')}
          </Button>
        )}
      </PageHeader>
      <Box bg="bg.panel" borderWidth="1px" borderRadius="lg">
        <Tabs.Root value={tab} onValueChange={(e) => setParams(e.value === 'notices' ? {} : { tab: e.value }, { replace: true })} variant="line">
          <Tabs.List px="2">
            <Tabs.Trigger value="notices" data-testid="tab-notices">
              <Megaphone size={16} /> {t('client.notice.notices')}
            </Tabs.Trigger>
            <Tabs.Trigger value="letters" data-testid="tab-letters">
              <Mail size={16} /> {t('client.notice.letters')}
              {data.unreadLetterCount > 0 && (
                <Badge colorPalette="red" variant="solid" size="xs">
                  {data.unreadLetterCount}
                </Badge>
              )}
            </Tabs.Trigger>
            <Tabs.Trigger value="sent" data-testid="tab-sent">
              <Send size={16} /> {t('contentUi.letter.sentTab')}
            </Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="notices" p="0">
            <Notices query={data} />
          </Tabs.Content>
          <Tabs.Content value="letters" p="0">
            <Letters query={data} />
          </Tabs.Content>
          <Tabs.Content value="sent" p="0">
            <Sent query={data} />
          </Tabs.Content>
        </Tabs.Root>
      </Box>
      {dialog === 'letter' && <ComposeLetterDialog onClose={() => setDialog(null)} />}
      {dialog === 'notice' && <PublishNoticeDialog onClose={() => setDialog(null)} />}
    </Stack>
  );
}
