import { Box, Button, Flex, Text } from '@chakra-ui/react';
import { Info } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sameScripts, scriptReferences } from '../lib/scripts.ts';

export const UPDATE_POLL_MS = 10_000;
export const UPDATE_NOTICE_DELAY_MS = 10_000;

/**
 * Spec section 1: while the page is visible, fetch `/` every 10 s and compare its script
 * references with the first snapshot; on a difference show one notice at the bottom right,
 * titled 提示, after a 10 s delay, without a close button. Polling stops while the tab is hidden.
 */
export function UpdateNotice() {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    let snapshot: string[] | null = null;
    let interval: ReturnType<typeof setInterval> | undefined;
    let delay: ReturnType<typeof setTimeout> | undefined;
    let detected = false;

    async function check() {
      if (detected) return;
      try {
        const res = await fetch('/', { cache: 'no-store', headers: { accept: 'text/html' } });
        if (!res.ok) return;
        const refs = scriptReferences(await res.text());
        if (!snapshot) {
          snapshot = refs;
        } else if (!sameScripts(snapshot, refs) && !detected) {
          detected = true;
          stop();
          delay = setTimeout(() => setVisible(true), UPDATE_NOTICE_DELAY_MS);
        }
      } catch {
        // Offline or the server restarting: try again at the next tick.
      }
    }
    function start() {
      if (interval || detected) return;
      if (!snapshot) void check();
      interval = setInterval(() => void check(), UPDATE_POLL_MS);
    }
    function stop() {
      if (interval) clearInterval(interval);
      interval = undefined;
    }
    const onVisibility = () => (document.visibilityState === 'visible' ? start() : stop());
    document.addEventListener('visibilitychange', onVisibility);
    if (document.visibilityState === 'visible') start();
    return () => {
      stop();
      if (delay) clearTimeout(delay);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, []);

  if (!visible) return null;
  return (
    <Box position="fixed" right="5" bottom="5" zIndex="toast" bg="bg.panel" borderWidth="1px" borderRadius="lg" boxShadow="lg" p="4" w="80" role="alert" data-testid="update-notice">
      <Flex gap="3">
        <Box color="fg.accent" pt="0.5">
          <Info size={20} />
        </Box>
        <Box flex="1">
          <Text fontWeight="semibold">{t('update.title')}</Text>
          <Text fontSize="sm" color="fg.muted" mt="1">
            {t('update.body')}
          </Text>
          <Button size="xs" colorPalette="blue" mt="3" onClick={() => window.location.reload()}>
            {t('client.update.refresh')}
          </Button>
        </Box>
      </Flex>
    </Box>
  );
}
