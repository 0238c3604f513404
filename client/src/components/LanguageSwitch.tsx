import { Button, Group } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { Lang } from '../lib/format.ts';

/** The zh / EN toggle; `onChange` decides where the choice is saved. */
export function LanguageSwitch({ onChange, size = 'xs', dark = false }: { onChange: (lang: Lang) => void; size?: 'xs' | 'sm'; dark?: boolean }) {
  const { t, i18n } = useTranslation();
  const lang: Lang = i18n.language === 'en' ? 'en' : 'zh';
  const style = (active: boolean) =>
    dark
      ? { variant: active ? ('solid' as const) : ('ghost' as const), colorPalette: active ? 'blue' : 'gray', color: active ? 'white' : 'nav.fg' }
      : { variant: active ? ('solid' as const) : ('outline' as const), colorPalette: 'blue' };
  return (
    <Group attached aria-label={t('client.layout.language')} role="group">
      <Button size={size} {...style(lang === 'zh')} aria-pressed={lang === 'zh'} data-testid="lang-zh" onClick={() => lang !== 'zh' && onChange('zh')}>
        中
      </Button>
      <Button size={size} {...style(lang === 'en')} aria-pressed={lang === 'en'} data-testid="lang-en" onClick={() => lang !== 'en' && onChange('en')}>
        EN
      </Button>
    </Group>
  );
}
