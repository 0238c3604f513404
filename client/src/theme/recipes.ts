import { defineRecipe, defineSlotRecipe } from '@chakra-ui/react';

/** A white card with a border: lists, detail sections, placeholders. */
export const panelRecipe = defineRecipe({
  className: 'bo-panel',
  base: { bg: 'bg.panel', borderWidth: '1px', borderColor: 'border', borderRadius: 'lg' },
  variants: {
    padding: { none: {}, md: { p: '6' }, lg: { p: '8' } },
  },
  defaultVariants: { padding: 'none' },
});

/** A selectable tile or row (pickers, priority choice): selected, hover. */
export const choiceRecipe = defineRecipe({
  className: 'bo-choice',
  base: { borderWidth: '1px', borderColor: 'border', bg: 'bg.panel', borderRadius: 'md', _hover: { borderColor: 'border.hover' } },
  variants: {
    selected: { true: { borderColor: 'border.selected', bg: 'bg.selected' }, false: {} },
  },
  defaultVariants: { selected: false },
});

/**
 * Chakra's button, with a darker hover on solid fills: the default `colorPalette.solid/90`
 * lightens the fill, and white text on hovered blue fell to 4.3:1 (axe, the event dialog's Save).
 * Merged into Chakra's own recipe (only the hover changes).
 */
export const buttonRecipe = defineRecipe({
  variants: {
    variant: {
      solid: { _hover: { bg: 'colorPalette.solid', filter: 'brightness(0.9)' }, _expanded: { bg: 'colorPalette.solid', filter: 'brightness(0.9)' } },
    },
  },
});

export const recipes = { panel: panelRecipe, choice: choiceRecipe, button: buttonRecipe };

/** A row of a list (tasks, notices): a hover background and a bottom border. */
export const listRowRecipe = defineSlotRecipe({
  className: 'bo-list-row',
  slots: ['root', 'meta'],
  base: {
    root: { borderBottomWidth: '1px', borderColor: 'border', _hover: { bg: 'bg.subtle' } },
    meta: { color: 'fg.subtle', fontSize: 'sm' },
  },
});

export const slotRecipes = { listRow: listRowRecipe };
