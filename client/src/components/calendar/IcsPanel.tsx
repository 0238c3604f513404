import { Alert, Badge, Box, Button, CloseButton, Drawer, Flex, Input, Portal, SegmentGroup, Spinner, Stack, Text } from '@chakra-ui/react';
import { Copy, Pause, Play, RefreshCw } from 'lucide-react';
import { DateTime } from 'luxon';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchQuery, graphql, useLazyLoadQuery, useMutation, useRelayEnvironment } from 'react-relay';
import type { RecordSourceSelectorProxy } from 'relay-runtime';
import { notify } from '../toaster.tsx';
import type { IcsPanelQuery } from './__generated__/IcsPanelQuery.graphql.ts';
import type { IcsPanelOpenMutation } from './__generated__/IcsPanelOpenMutation.graphql.ts';
import type { IcsPanelPauseMutation } from './__generated__/IcsPanelPauseMutation.graphql.ts';
import type { IcsPanelRestoreMutation } from './__generated__/IcsPanelRestoreMutation.graphql.ts';
import type { IcsPanelRegenerateMutation } from './__generated__/IcsPanelRegenerateMutation.graphql.ts';
import type { IcsPanelFrequencyMutation } from './__generated__/IcsPanelFrequencyMutation.graphql.ts';

const panelQuery = graphql`
  query IcsPanelQuery {
    myIcsSubscription {
      ...IcsPanelFields @relay(mask: false)
    }
  }
`;

// Only declares the fragment (for relay-compiler): the query and the mutations spread it.
void graphql`
  fragment IcsPanelFields on IcsSubscription {
    id
    state
    pushFrequencyHours
    effectiveAt
    effectiveNotice
    lastFetchedAt
    linkCreatedAt
  }
`;

const openMutation = graphql`
  mutation IcsPanelOpenMutation($input: IcsSubscriptionFrequencyInput) {
    openIcsSubscription(input: $input) {
      __typename
      ... on IcsSubscriptionPayload {
        feedPath
        icsSubscription {
          ...IcsPanelFields @relay(mask: false)
        }
      }
      ... on Error {
        message
      }
    }
  }
`;
const pauseMutation = graphql`
  mutation IcsPanelPauseMutation {
    pauseIcsSubscription {
      __typename
      ... on IcsSubscriptionPayload {
        icsSubscription {
          ...IcsPanelFields @relay(mask: false)
        }
      }
      ... on Error {
        message
      }
    }
  }
`;
const restoreMutation = graphql`
  mutation IcsPanelRestoreMutation {
    restoreIcsSubscription {
      __typename
      ... on IcsSubscriptionPayload {
        icsSubscription {
          ...IcsPanelFields @relay(mask: false)
        }
      }
      ... on Error {
        message
      }
    }
  }
`;
const regenerateMutation = graphql`
  mutation IcsPanelRegenerateMutation {
    regenerateIcsSubscription {
      __typename
      ... on IcsSubscriptionPayload {
        feedPath
        icsSubscription {
          ...IcsPanelFields @relay(mask: false)
        }
      }
      ... on Error {
        message
      }
    }
  }
`;
const frequencyMutation = graphql`
  mutation IcsPanelFrequencyMutation($input: SetIcsPushFrequencyInput!) {
    setIcsPushFrequency(input: $input) {
      __typename
      ... on IcsSubscriptionPayload {
        icsSubscription {
          ...IcsPanelFields @relay(mask: false)
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

type Result = { readonly __typename: string; readonly message?: string; readonly feedPath?: string | null };

/** The subscription a mutation answered becomes the root's `myIcsSubscription` (it was null before the first opening). */
const linkRoot = (field: string) => (store: RecordSourceSelectorProxy) => {
  const sub = store.getRootField(field)?.getLinkedRecord('icsSubscription');
  if (sub) store.getRoot().setLinkedRecord(sub, 'myIcsSubscription');
};

/** The feed's address as a calendar app needs it. */
export const feedUrl = (path: string) => `${window.location.origin}${path}`;

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Not a secure context or no permission: the old way.
    const area = document.createElement('textarea');
    area.value = text;
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    const ok = document.execCommand('copy');
    area.remove();
    return ok;
  }
}

function Panel() {
  const { t } = useTranslation();
  const data = useLazyLoadQuery<IcsPanelQuery>(panelQuery, {}, { fetchPolicy: 'store-and-network' });
  const sub = data.myIcsSubscription;
  const state = sub?.state ?? 'NOT_OPENED';
  const [frequency, setFrequency] = useState(3);
  const [error, setError] = useState<string | null>(null);
  const [confirmRegenerate, setConfirmRegenerate] = useState(false);
  // The server keeps only the link's hash: it is answered once, when it is made, and kept here
  // while the panel is open (docs/security.md).
  const [link, setLink] = useState('');
  const [open, opening] = useMutation<IcsPanelOpenMutation>(openMutation);
  const [pause, pausing] = useMutation<IcsPanelPauseMutation>(pauseMutation);
  const [restore, restoring] = useMutation<IcsPanelRestoreMutation>(restoreMutation);
  const [regenerate, regenerating] = useMutation<IcsPanelRegenerateMutation>(regenerateMutation);
  const [setFreq, settingFreq] = useMutation<IcsPanelFrequencyMutation>(frequencyMutation);

  const environment = useRelayEnvironment();
  const done = (r: Result) => {
    if (r.__typename === 'IcsSubscriptionPayload') {
      setError(null);
      if (r.feedPath) setLink(feedUrl(r.feedPath));
      // The root field was null before the first opening: read it again.
      if (state === 'NOT_OPENED') fetchQuery<IcsPanelQuery>(environment, panelQuery, {}, { fetchPolicy: 'network-only' }).subscribe({});
      notify('success', t('calendarUi.ics.done'));
    } else setError(r.message ?? t('transport.unknown'));
  };
  const fetched = sub?.lastFetchedAt ? DateTime.fromISO(sub.lastFetchedAt).toFormat('yyyy-MM-dd HH:mm') : null;

  return (
    <Stack gap="4" data-testid="ics-panel" data-state={state}>
      <Text color="fg.muted" fontSize="sm">
        {t('calendarUi.ics.intro')}
      </Text>
      <Flex align="center" gap="2">
        <Text fontWeight="medium">{t('calendarUi.ics.state')}</Text>
        <Badge colorPalette={state === 'OPEN' ? 'green' : state === 'PAUSED' ? 'orange' : 'gray'} data-testid="ics-state">
          {t(`calendarUi.ics.state.${state}`)}
        </Badge>
      </Flex>
      {error && (
        <Alert.Root status="error" data-testid="ics-error">
          <Alert.Indicator />
          <Alert.Title>{error}</Alert.Title>
        </Alert.Root>
      )}
      <Stack gap="1">
        <Text fontWeight="medium">{t('calendarUi.ics.frequency')}</Text>
        <SegmentGroup.Root
          alignSelf="flex-start"
          size="sm"
          value={String(sub ? sub.pushFrequencyHours : frequency)}
          onValueChange={(e) => {
            const hours = Number(e.value);
            if (!sub || state === 'NOT_OPENED') setFrequency(hours);
            else setFreq({ variables: { input: { pushFrequencyHours: hours } }, onCompleted: (r) => done(r.setIcsPushFrequency) });
          }}
          disabled={settingFreq}
          data-testid="ics-frequency"
        >
          <SegmentGroup.Indicator />
          <SegmentGroup.Items items={[3, 12].map((h) => ({ value: String(h), label: t('calendarUi.ics.frequencyHours', { hours: h }) }))} />
        </SegmentGroup.Root>
      </Stack>
      {state === 'NOT_OPENED' ? (
        <Button
          colorPalette="blue"
          loading={opening}
          onClick={() => open({ variables: { input: { pushFrequencyHours: frequency } }, updater: linkRoot('openIcsSubscription'), onCompleted: (r) => done(r.openIcsSubscription) })}
          data-testid="ics-open"
        >
          {t('calendarUi.ics.open')}
        </Button>
      ) : (
        <Stack gap="3">
          <Stack gap="1">
            <Text fontWeight="medium">{t('calendarUi.ics.link')}</Text>
            {link ? (
              <>
                <Flex gap="2">
                  <Input size="sm" readOnly value={link} onFocus={(e) => e.target.select()} data-testid="ics-link" opacity={state === 'PAUSED' ? 0.5 : 1} />
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => void copyText(link).then((ok) => notify(ok ? 'success' : 'warning', t(ok ? 'calendarUi.ics.copied' : 'calendarUi.ics.copyFailed')))}
                    data-testid="ics-copy"
                  >
                    <Copy size={14} /> {t('calendarUi.ics.copy')}
                  </Button>
                </Flex>
                <Text fontSize="sm" color="fg.warning" data-testid="ics-link-once">
                  {t('calendarUi.ics.linkOnce')}
                </Text>
              </>
            ) : (
              <Text fontSize="sm" color="fg.muted" data-testid="ics-link-hidden">
                {t('calendarUi.ics.linkHidden')}
              </Text>
            )}
            {state === 'PAUSED' ? (
              <Text fontSize="sm" color="fg.warning">
                {t('calendarUi.ics.pausedNote')}
              </Text>
            ) : (
              <Text fontSize="sm" color="fg.info" data-testid="ics-notice">
                {sub?.effectiveNotice}
              </Text>
            )}
            <Text fontSize="xs" color="fg.subtle">
              {fetched ? t('calendarUi.ics.lastFetched', { time: fetched }) : t('calendarUi.ics.neverFetched')}
            </Text>
          </Stack>
          <Flex gap="2" wrap="wrap">
            {state === 'OPEN' ? (
              <Button size="sm" variant="outline" loading={pausing} onClick={() => pause({ variables: {}, onCompleted: (r) => done(r.pauseIcsSubscription) })} data-testid="ics-pause">
                <Pause size={14} /> {t('calendarUi.ics.pause')}
              </Button>
            ) : (
              <Button size="sm" variant="outline" colorPalette="green" loading={restoring} onClick={() => restore({ variables: {}, onCompleted: (r) => done(r.restoreIcsSubscription) })} data-testid="ics-restore">
                <Play size={14} /> {t('calendarUi.ics.restore')}
              </Button>
            )}
            {confirmRegenerate ? (
              <Flex gap="2" align="center" wrap="wrap" data-testid="ics-regenerate-confirm">
                <Text fontSize="sm" color="fg.error">
                  {t('calendarUi.ics.regenerateConfirm')}
                </Text>
                <Button
                  size="sm"
                  colorPalette="red"
                  loading={regenerating}
                  onClick={() =>
                    regenerate({
                      variables: {},
                      onCompleted: (r) => {
                        setConfirmRegenerate(false);
                        done(r.regenerateIcsSubscription);
                      },
                    })
                  }
                  data-testid="ics-regenerate-yes"
                >
                  {t('calendarUi.ics.regenerate')}
                </Button>
                <Button size="sm" variant="ghost" onClick={() => setConfirmRegenerate(false)}>
                  {t('calendarUi.cancel')}
                </Button>
              </Flex>
            ) : (
              <Button size="sm" variant="outline" onClick={() => setConfirmRegenerate(true)} data-testid="ics-regenerate">
                <RefreshCw size={14} /> {t('calendarUi.ics.regenerate')}
              </Button>
            )}
          </Flex>
        </Stack>
      )}
    </Stack>
  );
}

/** The ICS subscription panel (a drawer on the right). */
export function IcsPanel({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Drawer.Root open onOpenChange={(e) => !e.open && onClose()} size="md">
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content data-testid="ics-drawer">
            <Drawer.Header>
              <Drawer.Title>{t('calendarUi.ics.title')}</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>
              <Suspense
                fallback={
                  <Box p="4">
                    <Spinner />
                  </Box>
                }
              >
                <Panel />
              </Suspense>
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('calendarUi.close')} />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
