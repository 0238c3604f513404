import { Box, Button, Collapsible, Flex, Tag } from '@chakra-ui/react';
import { SlidersHorizontal } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ChoiceSelect } from '../fields/ChoiceSelect.tsx';
import { SearchBox } from './SearchBox.tsx';

export type FilterChip = { key: string; label: string; value: string; onRemove: () => void };

/**
 * The list recipe's filter bar (docs/ui-kit.md): search first (`SearchBox`: as you type, Enter at once),
 * the filters used most beside it, the rest behind "more filters", the active ones as removable
 * chips with "clear all". The values live in the URL (`useUrlState`); the bar only draws them.
 */
export function FilterBar({
  search,
  onSearch,
  searchLabel,
  primary,
  more,
  chips,
  onClearAll,
  actions,
  hideSearch = false,
  pending = false,
  testId = 'filter-bar',
}: {
  search: string;
  onSearch: (text: string) => void;
  searchLabel: string;
  /** The two or three filters used most. */
  primary?: ReactNode;
  /** The others, shown when "more filters" is open. */
  more?: ReactNode;
  chips: readonly FilterChip[];
  onClearAll: () => void;
  /** Buttons at the right end (add, import, export). */
  actions?: ReactNode;
  /** A list the server cannot search: no search box. */
  hideSearch?: boolean;
  /** A new result is loading (the screen's `useTransition`): a spinner in the search box. */
  pending?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const moreId = useId();
  return (
    <Box data-testid={testId}>
      <Flex gap="2" wrap="wrap" align="center">
        {!hideSearch && <SearchBox value={search} onSearch={onSearch} label={searchLabel} pending={pending} testId={`${testId}-search`} />}
        {primary}
        {more && (
          <Button size="sm" variant="ghost" onClick={() => setOpen((o) => !o)} aria-expanded={open} aria-controls={moreId} data-testid={`${testId}-more`}>
            <SlidersHorizontal size={14} /> {open ? t('listKit.lessFilters') : t('listKit.moreFilters')}
          </Button>
        )}
        {actions && (
          <Flex gap="2" ms="auto" wrap="wrap">
            {actions}
          </Flex>
        )}
      </Flex>
      {more && (
        <Collapsible.Root open={open}>
          <Collapsible.Content id={moreId}>
            <Flex gap="2" wrap="wrap" pt="2" data-testid={`${testId}-more-panel`}>
              {more}
            </Flex>
          </Collapsible.Content>
        </Collapsible.Root>
      )}
      {chips.length > 0 && (
        <Flex gap="2" wrap="wrap" pt="2" align="center" data-testid={`${testId}-chips`}>
          {chips.map((c) => (
            <Tag.Root key={c.key} size="md" variant="subtle" colorPalette="blue">
              <Tag.Label>
                {c.label}: {c.value}
              </Tag.Label>
              <Tag.EndElement>
                <Tag.CloseTrigger aria-label={t('listKit.removeFilter', { name: c.label })} onClick={c.onRemove} data-testid={`${testId}-chip-${c.key}`} />
              </Tag.EndElement>
            </Tag.Root>
          ))}
          <Button size="xs" variant="plain" color="fg.link" onClick={onClearAll} data-testid={`${testId}-clear`}>
            {t('listKit.clearFilters')}
          </Button>
        </Flex>
      )}
    </Box>
  );
}

/** A filter select with an "all" entry (value ''), labelled for screen readers. */
export function SelectFilter({
  label,
  value,
  onChange,
  options,
  all,
  width = '36',
  testId,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: ReadonlyArray<{ value: string; label: string }>;
  all: string;
  width?: string;
  testId?: string;
}) {
  return <ChoiceSelect size="sm" width={width} label={label} value={value} onChange={onChange} options={options} empty={all} testId={testId} />;
}
