import { Badge } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

const PALETTE: Record<string, string> = { PREPARING: 'purple', IN_PROGRESS: 'blue', PAUSED: 'orange', FINISHED: 'green', CANCELLED: 'gray' };

export function ProjectStateBadge({ state }: { state: string }) {
  const { t } = useTranslation();
  return (
    <Badge colorPalette={PALETTE[state] ?? 'gray'} variant="subtle" data-testid="project-state">
      {t(`contentUi.project.state.${state}`)}
    </Badge>
  );
}
