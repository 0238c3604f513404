import { Box, IconButton } from '@chakra-ui/react';
import { Bell } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment } from 'react-relay';
import { useNavigate } from 'react-router';
import type { NoticeBadge_viewer$key } from './__generated__/NoticeBadge_viewer.graphql.ts';

const fragment = graphql`
  fragment NoticeBadge_viewer on Viewer {
    databaseId
  }
`;

/** The unread badge; it leads to /notice. */
export function NoticeBadge({ viewer }: { viewer: NoticeBadge_viewer$key }) {
  useFragment(fragment, viewer);
  const { t } = useTranslation();
  const navigate = useNavigate();
  const count = 0;
  return (
    <Box position="relative">
      <IconButton aria-label={count ? t('client.layout.unread', { count }) : t('client.layout.notices')} variant="ghost" color="white" size="sm" _hover={{ bg: 'whiteAlpha.200' }} onClick={() => navigate('/notice')} data-testid="notice-badge">
        <Bell />
      </IconButton>
    </Box>
  );
}
