import { Flex, IconButton, Stack, Text } from '@chakra-ui/react';
import { ArrowDown, ArrowUp, GripVertical } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql } from 'react-relay';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { personName } from '../../../components/task/TaskBadges.tsx';
import { notify } from '../../../components/toaster.tsx';
import { useLang } from '../../../lib/useLang.ts';
import { useMutationAction } from '../../../lib/useMutationAction.ts';
import { moved } from '../../roles/index.ts';
import type { StaffSortDialogMutation, StaffSortDialogMutation$data } from './__generated__/StaffSortDialogMutation.graphql.ts';

const sortMutation = graphql`
  mutation StaffSortDialogMutation($input: SaveStaffSortInput!) {
    saveStaffSort(input: $input) {
      __typename
      ... on SaveStaffSortPayload {
        users {
          id
          sort
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

type Row = { readonly id: string; readonly name: string; readonly nameEn?: string | null; readonly sort: number };

/**
 * The custom order of the shown staff: drag a row (pointer) or move it with its up/down buttons
 * (keyboard). Saving gives the rows the same set of positions they held, in the new order, so
 * people not shown keep their places (docs/users-ui.md). Online people stay first in the list
 * whatever the order.
 */
export function StaffSortDialog({ rows, onClose, onDone }: { rows: readonly Row[]; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const [order, setOrder] = useState<Row[]>(() => [...rows]);
  const [dragging, setDragging] = useState<number | null>(null);
  const save = useMutationAction<StaffSortDialogMutation, StaffSortDialogMutation$data['saveStaffSort']>(sortMutation, (r) => r.saveStaffSort);
  const submit = () => {
    const positions = rows.map((r) => r.sort).sort((a, b) => a - b);
    // Equal positions (never sorted) would not keep an order: number them from the smallest.
    const distinct = new Set(positions).size === positions.length ? positions : positions.map((_, i) => (positions[0] ?? 0) + i);
    save.run(
      { input: { items: order.map((r, i) => ({ userId: r.id, sort: distinct[i]! })) } },
      {
        onDone: () => {
          notify('success', t('orgUi.sort.saved'));
          onClose();
          onDone();
        },
      },
    );
  };
  return (
    <FormDialog title={t('orgUi.sort.title')} testId="staff-sort-dialog" onClose={onClose} onSave={submit} busy={save.busy} error={save.error}>
      <Text fontSize="sm" color="fg.muted">
        {t('orgUi.sort.hint')}
      </Text>
      <Stack as="ol" gap="1" listStyleType="none" data-testid="sort-rows">
        {order.map((r, i) => (
          <Flex
            as="li"
            key={r.id}
            align="center"
            gap="2"
            px="2"
            py="1"
            borderWidth="1px"
            borderRadius="md"
            bg={dragging === i ? 'bg.selected' : 'bg.panel'}
            draggable
            onDragStart={() => setDragging(i)}
            onDragOver={(e) => {
              e.preventDefault();
              if (dragging !== null && dragging !== i) {
                setOrder((o) => moved(o, dragging, i));
                setDragging(i);
              }
            }}
            onDragEnd={() => setDragging(null)}
            data-testid="sort-row"
          >
            <GripVertical size={14} aria-hidden />
            <Text flex="1" fontSize="sm" truncate>
              {personName(r, lang)}
            </Text>
            <IconButton size="xs" variant="ghost" aria-label={t('orgUi.sort.up', { name: personName(r, lang) })} disabled={i === 0} onClick={() => setOrder((o) => moved(o, i, i - 1))} data-testid="sort-up">
              <ArrowUp size={14} />
            </IconButton>
            <IconButton
              size="xs"
              variant="ghost"
              aria-label={t('orgUi.sort.down', { name: personName(r, lang) })}
              disabled={i === order.length - 1}
              onClick={() => setOrder((o) => moved(o, i, i + 1))}
              data-testid="sort-down"
            >
              <ArrowDown size={14} />
            </IconButton>
          </Flex>
        ))}
      </Stack>
    </FormDialog>
  );
}
