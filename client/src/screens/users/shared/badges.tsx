import { Badge } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

/** A person's state: full-time / part-time / deactivated (parents and students: active / deactivated). */
export function StateBadge({ state, family = false }: { state: string; family?: boolean }) {
  const { t } = useTranslation();
  const palette = state === 'DEACTIVATED' ? 'red' : state === 'PART_TIME' ? 'orange' : 'green';
  const key = family && state !== 'DEACTIVATED' ? 'orgUi.state.ACTIVE' : `orgUi.state.${state}`;
  return (
    <Badge colorPalette={palette} variant="subtle" data-testid="state-badge">
      {t(key)}
    </Badge>
  );
}

/** Online: an authenticated request in the last five minutes. */
export function OnlineBadge({ online }: { online: boolean }) {
  const { t } = useTranslation();
  return online ? (
    <Badge colorPalette="green" variant="solid" data-testid="online-badge">
      {t('orgUi.online')}
    </Badge>
  ) : null;
}
