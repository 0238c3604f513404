import { Badge, Box, Button, Flex, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment } from 'react-relay';
import { ConfirmDialog } from '../../../components/list/ConfirmDialog.tsx';
import { notify } from '../../../components/toaster.tsx';
import { useFormat } from '../../../lib/useFormat.ts';
import { useMutationAction } from '../../../lib/useMutationAction.ts';
import type { Sessions_query$data, Sessions_query$key } from './__generated__/Sessions_query.graphql.ts';
import type { SessionsRevokeMutation } from './__generated__/SessionsRevokeMutation.graphql.ts';

const sessionsFragment = graphql`
  fragment Sessions_query on Query {
    mySessions {
      sessionId
      current
      origin
      address
      startedAt
      lastActiveAt
    }
  }
`;

const revokeMutation = graphql`
  mutation SessionsRevokeMutation($input: RevokeSessionInput!) {
    revokeSession(input: $input) {
      __typename
      ... on RevokeSessionPayload {
        revokedSessionId
      }
      ... on Error {
        message
      }
    }
  }
`;

type Session = Sessions_query$data['mySessions'][number];

/** The viewer's sign-ins still alive (this one marked), each other one can be ended. */
export function Sessions({ query }: { query: Sessions_query$key }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const data = useFragment(sessionsFragment, query);
  const [ending, setEnding] = useState<Session | null>(null);
  const revoke = useMutationAction<SessionsRevokeMutation>(revokeMutation, (r) => r.revokeSession);
  const where = (s: Session) => [s.origin, s.address].filter(Boolean).join(' · ') || t('contentUi.account.unknownPlace');
  return (
    <Stack gap="0" data-testid="account-sessions">
      {data.mySessions.map((s) => (
        <Flex key={s.sessionId} gap="2" py="2" borderBottomWidth="1px" align="center" wrap="wrap" data-testid="session-row" data-current={s.current ? 'true' : 'false'}>
          <Box flex="1" minW="48">
            <Text fontSize="sm">
              {where(s)}{' '}
              {s.current && (
                <Badge colorPalette="green" variant="subtle">
                  {t('contentUi.account.thisSession')}
                </Badge>
              )}
            </Text>
            <Text fontSize="xs" color="fg.muted">
              {t('contentUi.account.sessionTimes', { started: fmt.dateTime(s.startedAt as string), last: fmt.dateTime(s.lastActiveAt as string) })}
            </Text>
          </Box>
          {!s.current && (
            <Button size="xs" variant="outline" colorPalette="red" onClick={() => setEnding(s)} data-testid="session-revoke">
              {t('contentUi.account.endSession')}
            </Button>
          )}
        </Flex>
      ))}
      {ending && (
        <ConfirmDialog
          title={t('contentUi.account.endSessionTitle')}
          message={t('contentUi.account.endSessionMessage', { where: where(ending) })}
          confirmLabel={t('contentUi.account.endSession')}
          destructive
          busy={revoke.busy}
          error={revoke.error}
          onClose={() => setEnding(null)}
          onConfirm={() =>
            revoke.run(
              { input: { sessionId: ending.sessionId } },
              {
                // The list is a plain field of the root: the ended session leaves it here.
                updater: (store) => {
                  const root = store.getRoot();
                  const left = (root.getLinkedRecords('mySessions') ?? []).filter((r) => r?.getValue('sessionId') !== ending.sessionId);
                  root.setLinkedRecords(left, 'mySessions');
                },
                onDone: () => {
                  notify('success', t('contentUi.account.sessionEnded'));
                  setEnding(null);
                },
              },
            )
          }
          testId="session-revoke-dialog"
        />
      )}
    </Stack>
  );
}
