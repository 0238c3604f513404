import { Box, Button, Checkbox, EmptyState, Flex, IconButton, Menu, Portal, Skeleton, Stack, Table, Text, VStack } from '@chakra-ui/react';
import { ArrowDown, ArrowUp, ArrowUpDown, Inbox, MoreHorizontal } from 'lucide-react';
import { useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsPhone } from '../../lib/useMedia.ts';
import { ScreenError } from '../ErrorBoundary.tsx';

export type SortDir = 'asc' | 'desc';
export type Sort = { key: string; dir: SortDir } | null;

export type Column<R> = {
  key: string;
  header: ReactNode;
  render: (row: R) => ReactNode;
  /** The column sorts (the screen decides where: the server's order, or the rows loaded). */
  sortable?: boolean;
  width?: string;
  align?: 'start' | 'end' | 'center';
  /** Its part on a phone card: the title, the state (top right), a key fact, or left out. */
  card?: 'title' | 'state' | 'fact' | 'hidden';
  /** Left out of the table below this window width (a secondary column, so the table fits at 1024 px). */
  hideBelow?: number;
};

function subscribe(cb: () => void) {
  window.addEventListener('resize', cb);
  return () => window.removeEventListener('resize', cb);
}
const useWindowWidth = () => useSyncExternalStore(subscribe, () => window.innerWidth);

export type RowAction = {
  key: string;
  label: string;
  onSelect: () => void;
  /** A destructive act (red); the screen confirms it with ConfirmDialog. */
  danger?: boolean;
  /** The server refuses the act on this row now (a `viewerCan…` field or the state's transitions): shown greyed with `reason`. */
  disabled?: boolean;
  /** Why a disabled act is refused, shown under its label (offer only what will succeed: docs/ui-kit.md). */
  reason?: string;
};

/**
 * The list recipe's table (docs/ui-kit.md): a sticky header, sortable columns (the sort itself is
 * the screen's, `sort`/`onSortChange`), row selection for bulk actions, a row menu, and the four
 * states drawn on purpose: loading (skeleton rows; `stale` dims the old rows while a new filter
 * loads), empty (what to do next), error (the translated message and a retry), data. Below 768 px
 * the rows become cards (title, state, key facts, the row menu).
 */
export function DataTable<R>({
  label,
  columns: allColumns,
  rows,
  rowId,
  sort,
  onSortChange,
  selected,
  onSelectedChange,
  rowLabel,
  actions,
  onOpen,
  loading,
  stale,
  error,
  onRetry,
  empty,
  testId = 'data-table',
}: {
  /** Names the table for screen readers. */
  label: string;
  columns: ReadonlyArray<Column<R>>;
  rows: readonly R[];
  rowId: (row: R) => string;
  sort?: Sort;
  onSortChange?: (sort: Sort) => void;
  /** With both, a checkbox column selects rows. */
  selected?: ReadonlySet<string>;
  onSelectedChange?: (next: Set<string>) => void;
  /** How a row is named for its checkbox and menu ("王小明"). */
  rowLabel: (row: R) => string;
  /** The row's menu: what the row's state allows (empty: no menu). */
  actions?: (row: R) => RowAction[];
  /** Opens the row (its title becomes a link-like button). */
  onOpen?: (row: R) => void;
  loading?: boolean;
  stale?: boolean;
  error?: unknown;
  onRetry?: () => void;
  /** The empty state: a sentence and, usually, the primary action. */
  empty?: { title: string; description?: string; action?: ReactNode };
  testId?: string;
}) {
  const { t } = useTranslation();
  const phone = useIsPhone();
  const width = useWindowWidth();
  const columns = allColumns.filter((c) => !c.hideBelow || width >= c.hideBelow);
  const selecting = !!selected && !!onSelectedChange;
  if (error) return <ScreenError error={error} onRetry={onRetry ?? (() => undefined)} compact />;
  if (loading) return <SkeletonRows columns={phone ? 1 : columns.length || 5} testId={`${testId}-loading`} />;
  if (!rows.length) {
    return (
      <EmptyState.Root size="sm" data-testid={`${testId}-empty`}>
        <EmptyState.Content>
          <EmptyState.Indicator>
            <Inbox />
          </EmptyState.Indicator>
          <VStack textAlign="center">
            <EmptyState.Title>{empty?.title ?? t('listKit.empty')}</EmptyState.Title>
            {empty?.description && <EmptyState.Description color="fg.muted">{empty.description}</EmptyState.Description>}
          </VStack>
          {empty?.action}
        </EmptyState.Content>
      </EmptyState.Root>
    );
  }
  const allSelected = selecting && rows.every((r) => selected.has(rowId(r)));
  const someSelected = selecting && !allSelected && rows.some((r) => selected.has(rowId(r)));
  const toggle = (id: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(id);
    else next.delete(id);
    onSelectedChange?.(next);
  };
  const toggleAll = (on: boolean) => {
    const next = new Set(selected);
    for (const r of rows) {
      if (on) next.add(rowId(r));
      else next.delete(rowId(r));
    }
    onSelectedChange?.(next);
  };
  const titleOf = (row: R, column: Column<R>) =>
    onOpen ? (
      <Button variant="plain" p="0" h="auto" minW="0" color="fg.link" fontWeight="medium" textAlign="start" whiteSpace="normal" onClick={() => onOpen(row)} data-testid={`${testId}-open`}>
        {column.render(row)}
      </Button>
    ) : (
      column.render(row)
    );

  if (phone) {
    const title = columns.find((c) => c.card === 'title') ?? columns[0]!;
    const state = columns.find((c) => c.card === 'state');
    const facts = columns.filter((c) => c.card === 'fact');
    return (
      <Stack gap="2" opacity={stale ? 0.6 : 1} aria-busy={stale} pointerEvents={stale ? 'none' : undefined} inert={stale || undefined} data-stale={stale || undefined}>
        {selecting && (
          <Checkbox.Root size="sm" checked={allSelected ? true : someSelected ? 'indeterminate' : false} onCheckedChange={(e) => toggleAll(e.checked === true)} px="1">
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{t('listKit.selectAll')}</Checkbox.Label>
          </Checkbox.Root>
        )}
        <Stack gap="2" aria-label={label} role="list" data-testid={testId}>
          {rows.map((row) => {
            const id = rowId(row);
            return (
              <Box key={id} role="listitem" borderWidth="1px" borderRadius="md" bg="bg.panel" p="3" data-testid={`${testId}-row`}>
                <Flex gap="2" align="start">
                  {selecting && (
                    <Checkbox.Root size="sm" checked={selected.has(id)} onCheckedChange={(e) => toggle(id, e.checked === true)} mt="0.5">
                      <Checkbox.HiddenInput aria-label={t('listKit.selectRow', { name: rowLabel(row) })} />
                      <Checkbox.Control />
                    </Checkbox.Root>
                  )}
                  <Box flex="1" minW="0" fontWeight="medium">
                    {titleOf(row, title)}
                  </Box>
                  {state && <Box flexShrink={0}>{state.render(row)}</Box>}
                  <RowMenu row={row} actions={actions} name={rowLabel(row)} testId={testId} />
                </Flex>
                {facts.length > 0 && (
                  <Stack gap="0.5" mt="1" fontSize="sm">
                    {facts.map((c) => (
                      <Flex key={c.key} gap="2" minW="0">
                        <Text color="fg.muted" flexShrink={0}>
                          {c.header}
                        </Text>
                        <Box minW="0" truncate>
                          {c.render(row)}
                        </Box>
                      </Flex>
                    ))}
                  </Stack>
                )}
              </Box>
            );
          })}
        </Stack>
      </Stack>
    );
  }

  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="md" maxW="full" opacity={stale ? 0.6 : 1} aria-busy={stale} pointerEvents={stale ? 'none' : undefined} inert={stale || undefined} data-stale={stale || undefined}>
      <Table.Root size="sm" stickyHeader interactive aria-label={label} data-testid={testId}>
        <Table.Header>
          <Table.Row bg="bg.subtle">
            {selecting && (
              <Table.ColumnHeader w="10">
                <Checkbox.Root size="sm" checked={allSelected ? true : someSelected ? 'indeterminate' : false} onCheckedChange={(e) => toggleAll(e.checked === true)}>
                  <Checkbox.HiddenInput aria-label={t('listKit.selectAll')} data-testid={`${testId}-select-all`} />
                  <Checkbox.Control />
                </Checkbox.Root>
              </Table.ColumnHeader>
            )}
            {columns.map((c) => {
              const dir = sort?.key === c.key ? sort.dir : null;
              return (
                <Table.ColumnHeader key={c.key} w={c.width} textAlign={c.align} aria-sort={dir ? (dir === 'asc' ? 'ascending' : 'descending') : undefined}>
                  {c.sortable && onSortChange ? (
                    <Button
                      variant="plain"
                      size="xs"
                      p="0"
                      h="auto"
                      fontWeight="semibold"
                      onClick={() => onSortChange(dir === 'asc' ? { key: c.key, dir: 'desc' } : dir === 'desc' ? null : { key: c.key, dir: 'asc' })}
                      data-testid={`${testId}-sort-${c.key}`}
                    >
                      {c.header}
                      {dir === 'asc' ? <ArrowUp size={12} /> : dir === 'desc' ? <ArrowDown size={12} /> : <ArrowUpDown size={12} opacity={0.5} />}
                    </Button>
                  ) : (
                    c.header
                  )}
                </Table.ColumnHeader>
              );
            })}
            {actions && <ActionsHeader w="12" />}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((row) => {
            const id = rowId(row);
            return (
              <Table.Row key={id} data-selected={selecting && selected.has(id) ? '' : undefined} data-testid={`${testId}-row`}>
                {selecting && (
                  <Table.Cell>
                    <Checkbox.Root size="sm" checked={selected.has(id)} onCheckedChange={(e) => toggle(id, e.checked === true)}>
                      <Checkbox.HiddenInput aria-label={t('listKit.selectRow', { name: rowLabel(row) })} />
                      <Checkbox.Control />
                    </Checkbox.Root>
                  </Table.Cell>
                )}
                {columns.map((c, i) => (
                  <Table.Cell key={c.key} textAlign={c.align}>
                    {c.card === 'title' || (i === 0 && !columns.some((x) => x.card === 'title')) ? titleOf(row, c) : c.render(row)}
                  </Table.Cell>
                ))}
                {actions && (
                  <Table.Cell textAlign="end">
                    <RowMenu row={row} actions={actions} name={rowLabel(row)} testId={testId} />
                  </Table.Cell>
                )}
              </Table.Row>
            );
          })}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

/** The header of a table's column of row acts: named for screen readers only. */
export function ActionsHeader({ w }: { w?: string }) {
  const { t } = useTranslation();
  return (
    <Table.ColumnHeader w={w}>
      <Text srOnly>{t('listKit.actions')}</Text>
    </Table.ColumnHeader>
  );
}

function RowMenu<R>({ row, actions, name, testId }: { row: R; actions?: (row: R) => RowAction[]; name: string; testId: string }) {
  const { t } = useTranslation();
  const list = actions?.(row) ?? [];
  if (!list.length) return null;
  return (
    <RowMenuButton label={t('listKit.rowActions', { name })} testId={`${testId}-menu`}>
      {list.map((a) => (
        <Menu.Item
          key={a.key}
          value={a.key}
          onSelect={a.onSelect}
          disabled={a.disabled}
          color={a.danger ? 'fg.error' : undefined}
          flexDirection="column"
          alignItems="flex-start"
          gap="0"
          data-testid={`${testId}-action-${a.key}`}
        >
          {a.label}
          {a.disabled && a.reason && (
            <Text as="span" fontSize="xs" color="fg.subtle" data-testid={`${testId}-action-${a.key}-reason`}>
              {a.reason}
            </Text>
          )}
        </Menu.Item>
      ))}
    </RowMenuButton>
  );
}

/** A row's menu of acts: the "…" button (named by `label`) and, in a portal, the items given. */
export function RowMenuButton({ label, testId, children }: { label: string; testId: string; children: ReactNode }) {
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        <IconButton variant="ghost" size="xs" aria-label={label} data-testid={testId}>
          <MoreHorizontal size={16} />
        </IconButton>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>{children}</Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

function SkeletonRows({ columns, testId }: { columns: number; testId: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="2" p="2" role="status" aria-busy="true" aria-label={t('listKit.loading')} data-testid={testId}>
      {Array.from({ length: 6 }, (_, i) => (
        <Flex key={i} gap="3">
          {Array.from({ length: Math.min(columns, 6) }, (_, j) => (
            <Skeleton key={j} h="5" flex="1" />
          ))}
        </Flex>
      ))}
    </Stack>
  );
}

/** The selection's action bar: how many rows the actions act on, the actions, and clear. */
export function SelectionBar({ count, children, onClear, testId = 'selection-bar' }: { count: number; children: ReactNode; onClear: () => void; testId?: string }) {
  const { t } = useTranslation();
  if (!count) return null;
  return (
    <Flex align="center" gap="2" wrap="wrap" px="3" py="2" bg="bg.selected" borderRadius="md" role="region" aria-label={t('listKit.selection')} data-testid={testId}>
      <Text fontSize="sm" fontWeight="medium" data-testid={`${testId}-count`}>
        {t('listKit.selected', { count })}
      </Text>
      {children}
      <Button size="xs" variant="ghost" onClick={onClear} ms="auto">
        {t('listKit.clearSelection')}
      </Button>
    </Flex>
  );
}

/** Under a Relay connection: the count shown and "load more" (usePaginationFragment's loadNext). */
export function LoadMore({ shown, total, hasNext, loading, onMore, testId = 'load-more' }: { shown: number; total?: number | null; hasNext: boolean; loading: boolean; onMore: () => void; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Flex align="center" justify="center" gap="3" py="2" wrap="wrap">
      <Text fontSize="xs" color="fg.subtle" data-testid={`${testId}-shown`}>
        {total != null ? t('listKit.shownOf', { shown, total }) : t('listKit.shown', { shown })}
      </Text>
      {hasNext && (
        <Button size="sm" variant="outline" onClick={onMore} loading={loading} loadingText={t('listKit.more')} data-testid={testId}>
          {t('listKit.more')}
        </Button>
      )}
    </Flex>
  );
}
