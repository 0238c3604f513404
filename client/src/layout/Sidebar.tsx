import { Box, Button, Stack, Text } from '@chakra-ui/react';
import { useLocation, useNavigate, matchPath } from 'react-router';
import { useLang } from '../lib/useLang.ts';
import { MenuIcon } from './icons.tsx';
import { targetOf, titleOf, visibleChildren, type MenuNode } from './menu.ts';

/** The entries of the current top-level section; closed, it shows icons only. */
export function Sidebar({ section, open }: { section: MenuNode; open: boolean }) {
  const lang = useLang();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return (
    <Box as="aside" w={open ? '52' : '14'} flexShrink={0} bg="bg.panel" borderRightWidth="1px" overflowY="auto" transition="width 0.15s" data-testid="sidebar" data-open={open}>
      {open && (
        <Text px="4" pt="4" pb="2" fontSize="xs" fontWeight="semibold" color="fg.subtle" textTransform="uppercase">
          {titleOf(section, lang)}
        </Text>
      )}
      <Stack gap="0.5" p="2" pt={open ? '0' : '2'}>
        {visibleChildren(section).map((node) => {
          const target = targetOf(node);
          const active = !!matchPath({ path: node.path, end: true }, pathname);
          const title = titleOf(node, lang);
          return (
            <Button
              key={node.databaseId}
              variant={active ? 'subtle' : 'ghost'}
              colorPalette={active ? 'blue' : 'gray'}
              justifyContent={open ? 'flex-start' : 'center'}
              size="sm"
              title={title}
              aria-label={open ? undefined : title}
              disabled={!target}
              onClick={() => target && navigate(target)}
              data-menu-key={node.key}
            >
              <MenuIcon name={node.icon} />
              {open && (
                <Text as="span" truncate>
                  {title}
                </Text>
              )}
            </Button>
          );
        })}
      </Stack>
    </Box>
  );
}
