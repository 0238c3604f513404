import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MenuIcon } from '../../../layout/icons.tsx';
import { titleOf, type MenuNode } from '../../../layout/menu.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useLang } from '../../../lib/useLang.ts';

/**
 * A menu entry whose screen this client does not have yet: its title, the view component the
 * right names, and when it was opened (a kept-alive list keeps its first time when revisited).
 */
export function Placeholder({ item }: { item: Pick<MenuNode, 'title' | 'titleEn' | 'icon' | 'component'> }) {
  const { t } = useTranslation();
  const lang = useLang();
  const [openedAt] = useState(() => new Date());
  return (
    <Box bg="bg.panel" borderRadius="lg" borderWidth="1px" p="8" data-testid="placeholder">
      <Stack gap="3">
        <Heading size="lg" display="flex" alignItems="center" gap="2">
          <MenuIcon name={item.icon} size={22} />
          {titleOf(item, lang)}
        </Heading>
        <Text color="fg.muted">{t('client.placeholder.body')}</Text>
        {item.component && (
          <Text color="fg.subtle" fontSize="sm">
            {t('client.placeholder.component', { component: item.component })}
          </Text>
        )}
        <Text color="fg.subtle" fontSize="sm" data-testid="opened-at">
          {t('client.placeholder.opened', { time: formatDateTime(openedAt, lang) + ':' + String(openedAt.getSeconds()).padStart(2, '0') + '.' + String(openedAt.getMilliseconds()).padStart(3, '0') })}
        </Text>
      </Stack>
    </Box>
  );
}
