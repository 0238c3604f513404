import { Flex, Image } from '@chakra-ui/react';
import { School as SchoolIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** The badge, or a neutral school icon: a fixed 28 px square so rows stay even. */
export function Badge({ url, name, size = 28 }: { url: string | null | undefined; name: string; size?: number }) {
  const { t } = useTranslation();
  return url ? (
    <Image src={url} alt={t('schoolsUi.badgeOf', { name })} boxSize={`${size}px`} objectFit="contain" flexShrink={0} />
  ) : (
    <Flex boxSize={`${size}px`} align="center" justify="center" bg="bg.muted" borderRadius="md" color="fg.subtle" flexShrink={0} aria-hidden>
      <SchoolIcon size={Math.round(size * 0.6)} />
    </Flex>
  );
}
