import { Badge, Box, type BadgeProps } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { TASK_PRIORITY_PALETTE, TASK_STATE_PALETTE } from '../../theme/status.ts';
import { priorityOf, stateOf, type TaskPriorityCode, type TaskStateCode } from './codes.ts';

export { PRIORITIES, STATES, TYPES, priorityOf, type TaskPriorityCode, type TaskTypeCode } from './codes.ts';

const PRIORITY_COLOR: Record<TaskPriorityCode, string> = TASK_PRIORITY_PALETTE;
const STATE_COLOR: Record<TaskStateCode, string> = TASK_STATE_PALETTE;

export function PriorityBadge({ priority, ...rest }: { priority: string } & BadgeProps) {
  const { t } = useTranslation();
  const p = priorityOf(priority);
  return (
    <Badge colorPalette={PRIORITY_COLOR[p]} variant="solid" data-testid="priority-badge" data-priority={p} {...rest}>
      {t(`tasksUi.priority.${p}`)}
    </Badge>
  );
}

export function StateBadge({ state, ...rest }: { state: string } & BadgeProps) {
  const { t } = useTranslation();
  const s = stateOf(state);
  return (
    <Badge colorPalette={STATE_COLOR[s]} variant="subtle" data-testid="state-badge" data-state={s} {...rest}>
      {t(`tasksUi.state.${s}`)}
    </Badge>
  );
}

/** The four badge colours of the staff picker (spec section 2: they cycle through 4). */
export const LETTER_COLOURS = ['#409EFF', '#67C23A', '#E6A23C', '#F56C6C'] as const;

/** A person's first letter in a round badge; the colour cycles through four by position. */
export function LetterBadge({ name, index, size = 8 }: { name: string; index: number; size?: number }) {
  const letter = [...name.trim()][0]?.toUpperCase() ?? '?';
  return (
    <Box
      as="span"
      display="inline-flex"
      alignItems="center"
      justifyContent="center"
      flexShrink={0}
      w={size}
      h={size}
      borderRadius="full"
      color="white"
      fontSize="sm"
      fontWeight="semibold"
      bg={LETTER_COLOURS[index % LETTER_COLOURS.length]}
      data-testid="letter-badge"
      data-colour={index % LETTER_COLOURS.length}
    >
      {letter}
    </Box>
  );
}

/** Display name in the current language (English name when set and English is on). */
export function personName(person: { name: string; nameEn?: string | null } | null | undefined, lang: 'zh' | 'en'): string {
  if (!person) return '';
  return lang === 'en' && person.nameEn ? person.nameEn : person.name;
}
