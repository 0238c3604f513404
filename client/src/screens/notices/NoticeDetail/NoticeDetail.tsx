import { Badge, Box, Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { NoticeActions } from './NoticeActions.tsx';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useMutation, usePreloadedQuery } from 'react-relay';
import { useRouteQuery } from '../../../relay/routeQuery.ts';
import { noticeDetailRoute } from './NoticeDetail.route.ts';
import { useLocation, useNavigate, useParams } from 'react-router';
import { RichTextView } from '../../../components/editor/RichTextView.tsx';
import { useFormat } from '../../../lib/useFormat.ts';
import { useLang } from '../../../lib/useLang.ts';
import { personName } from '../../../components/task/TaskBadges.tsx';
import { ErrorPage } from '../../system/index.ts';
import { titleView } from '../../../state/visited.ts';
import type { NoticeDetailMarkReadMutation } from './__generated__/NoticeDetailMarkReadMutation.graphql.ts';
import type { NoticeDetailQuery } from './__generated__/NoticeDetailQuery.graphql.ts';

/** notification/detail/:id — a notice or one of the viewer's letters; opening an unread letter marks it read. */
const detailQuery = graphql`
  query NoticeDetailQuery($id: ID!) {
    viewer {
      publish: can(right: "notice.publish")
    }
    node(id: $id) {
      __typename
      id
      ... on Notice {
        title
        content
        publishedAt
        publisherName
      }
      ... on Letter {
        title
        content
        sentAt
        senderName
        readState
      }
      ... on SentLetter {
        title
        content
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
`;

const markReadMutation = graphql`
  mutation NoticeDetailMarkReadMutation($input: LetterIdsInput!) {
    markLetterRead(input: $input) {
      __typename
      ... on LetterReadStatePayload {
        unreadLetterCount
        letters {
          id
          readState
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

export function NoticeDetail() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const format = useFormat();
  const lang = useLang();
  const { id = '' } = useParams();
  const { pathname } = useLocation();
  const { queryRef } = useRouteQuery(noticeDetailRoute, { id });
  const data = usePreloadedQuery<NoticeDetailQuery>(detailQuery, queryRef);
  const [markRead] = useMutation<NoticeDetailMarkReadMutation>(markReadMutation);
  const node = data.node;
  const unreadLetter = node?.__typename === 'Letter' && node.readState === 'UNREAD';

  useEffect(() => {
    if (!unreadLetter || !node) return;
    markRead({
      variables: { input: { letterIds: [node.id] } },
      // The badge reads the root's unreadLetterCount.
      updater: (store) => {
        const count = store.getRootField('markLetterRead')?.getValue('unreadLetterCount');
        if (typeof count === 'number') store.getRoot().setValue(count, 'unreadLetterCount');
      },
    });
  }, [unreadLetter, node, markRead]);

  // The tab says which notice or letter it is (before: every one was titled "Notice").
  const itemTitle = node && (node.__typename === 'Notice' || node.__typename === 'Letter') ? node.title : null;
  useEffect(() => {
    if (itemTitle) titleView(pathname, { zh: itemTitle, en: itemTitle });
  }, [itemTitle, pathname]);

  if (!node || (node.__typename !== 'Notice' && node.__typename !== 'Letter' && node.__typename !== 'SentLetter')) return <ErrorPage code={404} embedded />;
  const at = node.__typename === 'Notice' ? node.publishedAt : node.sentAt;
  const from = node.__typename === 'Notice' ? node.publisherName : node.__typename === 'Letter' ? node.senderName : null;
  const names = (node.recipients ?? []).map((r) => personName(r, lang));
  const count = node.recipientCount ?? 0;
  const to =
    node.__typename === 'SentLetter'
      ? `${t('contentUi.letter.to')}: ${names.join(lang === 'en' ? ', ' : '、')}${count > names.length ? ` ${t('contentUi.letter.andMore', { count: count - names.length })}` : ''} · ${t('contentUi.letter.readOf', { read: node.readCount ?? 0, count })}`
      : null;
  const back = node.__typename === 'Letter' ? '/notice?tab=letters' : node.__typename === 'SentLetter' ? '/notice?tab=sent' : '/notice';
  return (
    <Stack gap="4" data-testid="notice-detail" maxW="4xl">
      <Box>
        <Flex gap="2" wrap="wrap">
          <Button variant="outline" size="sm" onClick={() => navigate(back)}>
            {t('client.notice.back')}
          </Button>
          <Box flex="1" />
          {node.__typename === 'Notice' && data.viewer.publish && <NoticeActions notice={{ id: node.id, title: node.title ?? '', content: node.content ?? '' }} />}
        </Flex>
      </Box>
      <Box bg="bg.panel" borderWidth="1px" borderRadius="lg" p="6">
        <Stack gap="2">
          <Badge alignSelf="flex-start" colorPalette={node.__typename === 'Notice' ? 'blue' : 'purple'}>
            {node.__typename === 'SentLetter' ? t('contentUi.letter.sentBadge') : t(node.__typename === 'Letter' ? 'client.notice.letter' : 'client.notice.notice')}
          </Badge>
          <Heading size="lg">{node.title}</Heading>
          <Text color="fg.subtle" fontSize="sm">
            {from ? `${t('client.notice.sender')}: ${from} · ` : ''}
            {at ? `${t('client.notice.publishedAt')}: ${format.dateTime(at ?? '')}` : ''}
          </Text>
          {to && (
            <Text color="fg.subtle" fontSize="sm" data-testid="sent-recipients">
              {to}
            </Text>
          )}
          {/* The server sanitises rich text (server/lib/html.ts) before storing and serving it. */}
          <RichTextView html={node.content ?? ''} mt="4" lineHeight="tall" />
        </Stack>
      </Box>
    </Stack>
  );
}
