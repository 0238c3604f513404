import { Badge } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

/** Project states in the legacy order (1 preparing ... 5 cancelled). */
export const PROJECT_STATES = ['PREPARING', 'IN_PROGRESS', 'PAUSED', 'FINISHED', 'CANCELLED'] as const;
export type ProjectStateCode = (typeof PROJECT_STATES)[number];
/** The closed states: the list leaves them out unless asked. */
export const CLOSED_STATES: ProjectStateCode[] = ['FINISHED', 'CANCELLED'];

const PALETTE: Record<string, string> = { PREPARING: 'purple', IN_PROGRESS: 'blue', PAUSED: 'orange', FINISHED: 'green', CANCELLED: 'gray' };

export function ProjectStateBadge({ state }: { state: string }) {
  const { t } = useTranslation();
  return (
    <Badge colorPalette={PALETTE[state] ?? 'gray'} variant="subtle" data-testid="project-state">
      {t(`contentUi.project.state.${state}`)}
    </Badge>
  );
}

/** A byte count as the reader expects it (KB, MB). */
export function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
