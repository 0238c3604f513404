import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react';
import { recipes, slotRecipes } from './recipes.ts';

const FONT = 'system-ui, -apple-system, "Segoe UI", "PingFang SC", "Microsoft YaHei", "Noto Sans CJK SC", sans-serif';

/**
 * The one theme. Components name colours by what they mean (semantic tokens), never by palette
 * step: text `fg`, `fg.muted` (secondary), `fg.subtle` (hints, empty values), `fg.error`,
 * `fg.warning`, `fg.success`, `fg.link`; surfaces `bg.canvas` (behind panels), `bg.panel`,
 * `bg.subtle`, `bg.muted` (hover), `bg.selected`; edges `border`, `border.emphasized`,
 * `border.selected`, `border.hover`, `border.error`; the dark top bar `nav.*`. Text tokens hold
 * 4.5:1 on white and on bg.canvas. Chakra's own tokens keep their meaning; the ones below are
 * overridden where the defaults were too faint to read (fg.subtle, fg.error, fg.warning).
 */
const config = defineConfig({
  theme: {
    tokens: {
      fonts: { body: { value: FONT }, heading: { value: FONT } },
    },
    semanticTokens: {
      colors: {
        fg: {
          // Between gray.500 and gray.600: 4.5:1 also on the tinted surfaces (bg.subtle, bg.selected), where gray.500 gave 4.4.
          subtle: { value: { _light: '#62626b', _dark: '{colors.gray.400}' } },
          strong: { value: { _light: '{colors.gray.700}', _dark: '{colors.gray.200}' } },
          error: { value: { _light: '{colors.red.700}', _dark: '{colors.red.400}' } },
          warning: { value: { _light: '{colors.orange.700}', _dark: '{colors.orange.300}' } },
          success: { value: { _light: '{colors.green.700}', _dark: '{colors.green.400}' } },
          info: { value: { _light: '{colors.blue.600}', _dark: '{colors.blue.300}' } },
          link: { value: { _light: '{colors.blue.600}', _dark: '{colors.blue.300}' } },
          accent: { value: { _light: '{colors.blue.500}', _dark: '{colors.blue.300}' } },
        },
        bg: {
          canvas: { value: { _light: '{colors.gray.50}', _dark: '{colors.gray.950}' } },
          selected: { value: { _light: '{colors.blue.50}', _dark: '{colors.blue.950}' } },
          toggled: { value: { _light: '{colors.blue.100}', _dark: '{colors.blue.900}' } },
          accent: { value: { _light: '{colors.blue.600}', _dark: '{colors.blue.500}' } },
          accentHover: { value: { _light: '{colors.blue.500}', _dark: '{colors.blue.400}' } },
          online: { value: '{colors.green.400}' },
          unread: { value: '{colors.red.500}' },
        },
        border: {
          selected: { value: { _light: '{colors.blue.500}', _dark: '{colors.blue.400}' } },
          hover: { value: { _light: '{colors.blue.400}', _dark: '{colors.blue.300}' } },
          accent: { value: { _light: '{colors.blue.600}', _dark: '{colors.blue.500}' } },
          errorSubtle: { value: { _light: '{colors.red.300}', _dark: '{colors.red.700}' } },
        },
        // The dark top bar and the login backdrop.
        nav: {
          bg: { value: '{colors.gray.900}' },
          fg: { value: '{colors.gray.300}' },
          fgActive: { value: '{colors.white}' },
          active: { value: '{colors.blue.600}' },
          activeHover: { value: '{colors.blue.500}' },
          hover: { value: '{colors.whiteAlpha.200}' },
          drawerFg: { value: '{colors.gray.800}' },
          gradientFrom: { value: '{colors.blue.700}' },
          gradientTo: { value: '{colors.blue.400}' },
        },
        // Password strength bars (login, change password).
        strength: {
          weak: { value: '{colors.red.500}' },
          medium: { value: '{colors.orange.400}' },
          strong: { value: '{colors.green.500}' },
          empty: { value: '{colors.gray.200}' },
        },
        // Solid fills that carry white text (badges, buttons): Chakra's 600 steps of these hues
        // give white text 3.3–3.7:1; the 700 steps hold 4.5:1 (the task priority 高, 撤销完成).
        orange: { solid: { value: { _light: '{colors.orange.700}', _dark: '{colors.orange.600}' } } },
        green: { solid: { value: { _light: '{colors.green.700}', _dark: '{colors.green.600}' } } },
        teal: { solid: { value: { _light: '{colors.teal.700}', _dark: '{colors.teal.600}' } } },
        cyan: { solid: { value: { _light: '{colors.cyan.700}', _dark: '{colors.cyan.600}' } } },
      },
    },
    recipes,
    slotRecipes,
  },
});

export const system = createSystem(defaultConfig, config);
