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

export const recipes = { panel: panelRecipe, choice: choiceRecipe };

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
