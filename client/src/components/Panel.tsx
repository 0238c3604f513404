import { chakra } from '@chakra-ui/react';
import { panelRecipe } from '../theme/recipes.ts';

/** The theme's panel (white card with a border); `padding="md" | "lg"`. */
export const Panel = chakra('div', panelRecipe);
