import { Progress } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

/** A thin indeterminate bar, named for screen readers: what a part of a screen shows while it loads (a Suspense fallback). */
export function LoadingBar() {
  const { t } = useTranslation();
  return (
    <Progress.Root value={null} size="xs" aria-label={t('listKit.loading')}>
      <Progress.Track>
        <Progress.Range />
      </Progress.Track>
    </Progress.Root>
  );
}
