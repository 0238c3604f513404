import { Badge, HStack } from '@chakra-ui/react';
import { Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { APPLYING_PALETTE, STATUS_PALETTE, VERIFICATION_PALETTE } from './codes.ts';

export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <Badge colorPalette={STATUS_PALETTE[status] ?? 'gray'} variant="subtle" data-testid="archive-status">
      {t(`archivesUi.status.${status}`)}
    </Badge>
  );
}

export function ApplyingBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <Badge colorPalette={APPLYING_PALETTE[status] ?? 'gray'} variant="outline" data-testid="archive-applying">
      {t(`archivesUi.applying.${status}`)}
    </Badge>
  );
}

export function VerificationBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <Badge colorPalette={VERIFICATION_PALETTE[status] ?? 'gray'} variant="subtle" data-testid="archive-verification">
      {t(`archivesUi.verification.${status}`)}
    </Badge>
  );
}

export function LockBadge({ locked }: { locked: boolean }) {
  const { t } = useTranslation();
  if (!locked) return null;
  return (
    <Badge colorPalette="red" variant="subtle" data-testid="archive-locked">
      <HStack gap="1">
        <Lock size={12} aria-hidden /> {t('archivesUi.locked')}
      </HStack>
    </Badge>
  );
}
