import { Avatar, Button, Menu, Portal, VisuallyHidden } from '@chakra-ui/react';
import { useIsMobile } from '../lib/useMedia.ts';
import { ChevronDown, KeyRound, LogOut } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment, useMutation } from 'react-relay';
import { useNavigate } from 'react-router';
import { removeToken } from '../lib/storage.ts';
import { useLang } from '../lib/useLang.ts';
import { sessionChanged } from '../relay/fetch.ts';
import { logoutIntent, sessionUser } from '../state/session.ts';
import type { UserMenuLogoutMutation } from './__generated__/UserMenuLogoutMutation.graphql.ts';
import type { UserMenu_viewer$key } from './__generated__/UserMenu_viewer.graphql.ts';
import { ChangePasswordDialog } from './ChangePasswordDialog.tsx';

const fragment = graphql`
  fragment UserMenu_viewer on Viewer {
    user {
      name
      nameEn
      account
    }
  }
`;

const logoutMutation = graphql`
  mutation UserMenuLogoutMutation {
    logout {
      __typename
    }
  }
`;

export function UserMenu({ viewer }: { viewer: UserMenu_viewer$key }) {
  const { user } = useFragment(fragment, viewer);
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const [changing, setChanging] = useState(false);
  const [commitLogout] = useMutation<UserMenuLogoutMutation>(logoutMutation);
  const name = lang === 'en' && user.nameEn ? user.nameEn : user.name;
  const isMobile = useIsMobile();

  /**
   * Logout: the server revokes the token; the token and the user are cleared here either way,
   * and the page goes to the plain login page (no `?redirect=`: a deliberate logout).
   */
  function logout() {
    const finish = () => {
      logoutIntent.mark();
      removeToken();
      navigate('/login', { replace: true });
      sessionUser.set(null);
      sessionChanged();
    };
    commitLogout({ variables: {}, onCompleted: finish, onError: finish });
  }

  return (
    <>
      <Menu.Root positioning={{ placement: 'bottom-end' }} onSelect={(d) => (d.value === 'logout' ? logout() : setChanging(true))}>
        <Menu.Trigger asChild>
          <Button variant="ghost" size="sm" color="white" _hover={{ bg: 'nav.hover' }} _expanded={{ bg: 'nav.hover', color: 'white' }} data-testid="user-menu">
            <Avatar.Root size="2xs" colorPalette="blue">
              <Avatar.Fallback name={name} />
            </Avatar.Root>
            {/* Phones show the avatar only (an English name pushed the bar past 390 px). */}
            {isMobile ? <VisuallyHidden>{name}</VisuallyHidden> : name}
            {/* The accessible name starts with the visible one (axe: label-content-name-mismatch). */}
            <VisuallyHidden>{t('client.layout.userMenu')}</VisuallyHidden>
            <ChevronDown size={14} />
          </Button>
        </Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content>
              <Menu.Item value="password" data-testid="menu-change-password">
                <KeyRound size={14} /> {t('client.layout.changePassword')}
              </Menu.Item>
              <Menu.Item value="logout" data-testid="menu-logout">
                <LogOut size={14} /> {t('client.layout.logout')}
              </Menu.Item>
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
      {changing && <ChangePasswordDialog onClose={() => setChanging(false)} />}
    </>
  );
}
