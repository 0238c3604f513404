import { Box, Button, Flex, Grid, IconButton, Input, Spinner, Stack, Text } from '@chakra-ui/react';
import { ArrowLeft, Search, Users } from 'lucide-react';
import { Suspense, useDeferredValue, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { useLang } from '../../../lib/useLang.ts';
import { LetterBadge, personName } from '../../../components/task/TaskBadges.tsx';
import type { StaffPickerQuery } from './__generated__/StaffPickerQuery.graphql.ts';
import staffPickerQuery from './__generated__/StaffPickerQuery.graphql.ts';
import { preloadOnIntent } from '../../../relay/preloadOnIntent.ts';

const peopleQuery = graphql`
  query StaffPickerQuery($search: String, $first: Int!) {
    people(filter: { type: STAFF, activeOnly: true, search: $search }, first: $first) {
      totalCount
      edges {
        node {
          id
          databaseId
          name
          nameEn
          isOnline
          department {
            name
            nameEn
          }
        }
      }
    }
  }
`;

/** The add-task dialog's list of staff, started on hover or pointer-down of 新增任务 (docs/ui-kit.md, "Loading"). */
export function preloadAddTask(): void {
  preloadOnIntent(staffPickerQuery, { search: null, first: 500 });
}

export type PickedPerson = { id: string; name: string; nameEn: string | null };

type Props = {
  selectedId: string | null;
  onSelect: (person: PickedPerson) => void;
  /** 'list': the add-task dialog's left column; 'tiles': the reassign dialog's person tiles. */
  layout?: 'list' | 'tiles';
  testId?: string;
};

function People({ search, selectedId, onSelect, layout }: { search: string; selectedId: string | null; onSelect: (p: PickedPerson) => void; layout: 'list' | 'tiles' }) {
  const { t } = useTranslation();
  const lang = useLang();
  const data = useLazyLoadQuery<StaffPickerQuery>(peopleQuery, { search: search || null, first: 500 }, { fetchPolicy: 'store-or-network' });
  const people = data.people.edges.map((e) => e.node);
  if (!people.length)
    return (
      <Text color="fg.subtle" p="3" fontSize="sm" data-testid="staff-empty">
        {t('tasksUi.picker.none')}
      </Text>
    );
  if (layout === 'tiles') {
    return (
      <Grid templateColumns="repeat(auto-fill, minmax(140px, 1fr))" gap="2" data-testid="staff-tiles">
        {people.map((p, i) => {
          const selected = p.id === selectedId;
          return (
            <Flex
              key={p.id}
              as="button"
              align="center"
              gap="2"
              p="2"
              borderWidth="1px"
              borderRadius="md"
              borderColor={selected ? 'border.selected' : 'border'}
              bg={selected ? 'bg.selected' : 'bg.panel'}
              _hover={{ borderColor: 'border.hover' }}
              onClick={() => onSelect({ id: p.id, name: p.name, nameEn: p.nameEn ?? null })}
              data-testid="staff-option"
              data-selected={selected ? 'true' : 'false'}
              aria-pressed={selected}
            >
              <LetterBadge name={personName(p, lang)} index={i} />
              <Text fontSize="sm" truncate>
                {personName(p, lang)}
              </Text>
            </Flex>
          );
        })}
      </Grid>
    );
  }
  return (
    <Stack gap="0" data-testid="staff-list">
      {people.map((p, i) => {
        const selected = p.id === selectedId;
        return (
          <Flex
            key={p.id}
            as="button"
            align="center"
            gap="3"
            px="3"
            py="2"
            textAlign="left"
            bg={selected ? 'bg.selected' : undefined}
            borderLeftWidth="3px"
            borderLeftColor={selected ? 'border.selected' : 'transparent'}
            _hover={{ bg: selected ? 'bg.selected' : 'bg.subtle' }}
            onClick={() => onSelect({ id: p.id, name: p.name, nameEn: p.nameEn ?? null })}
            data-testid="staff-option"
            data-selected={selected ? 'true' : 'false'}
            aria-pressed={selected}
          >
            <LetterBadge name={personName(p, lang)} index={i} />
            <Box flex="1" minW="0">
              <Text fontSize="sm" fontWeight={selected ? 'semibold' : 'normal'} truncate>
                {personName(p, lang)}
              </Text>
              {p.department && (
                <Text fontSize="xs" color="fg.subtle" truncate>
                  {lang === 'en' && p.department.nameEn ? p.department.nameEn : p.department.name}
                </Text>
              )}
            </Box>
            {p.isOnline && <Box w="2" h="2" borderRadius="full" bg="bg.online" title={t('tasksUi.picker.online')} />}
          </Flex>
        );
      })}
    </Stack>
  );
}

/**
 * The user-select panel: an all-staff entry listing every active staff member (online first,
 * each with a first-letter badge whose colour cycles through four) and a search mode.
 */
export function StaffPicker({ selectedId, onSelect, layout = 'list', testId = 'staff-picker' }: Props) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<'all' | 'search'>('all');
  const [open, setOpen] = useState(true);
  const [text, setText] = useState('');
  const search = useDeferredValue(text.trim());
  // Choosing search mode puts the cursor in the search field.
  const searchRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (mode === 'search') searchRef.current?.focus();
  }, [mode]);
  return (
    <Stack gap="2" h="full" minH="0" data-testid={testId}>
      {mode === 'all' ? (
        <Flex align="center" gap="2">
          <Button flex="1" justifyContent="flex-start" variant={open ? 'subtle' : 'ghost'} size="sm" onClick={() => setOpen((o) => !o)} data-testid="staff-all">
            <Users size={16} /> {t('tasksUi.picker.allStaff')}
          </Button>
          <IconButton aria-label={t('tasksUi.picker.search')} title={t('tasksUi.picker.search')} size="sm" variant="outline" onClick={() => setMode('search')} data-testid="staff-search-mode">
            <Search />
          </IconButton>
        </Flex>
      ) : (
        <Flex align="center" gap="2">
          <IconButton
            aria-label={t('tasksUi.picker.back')}
            title={t('tasksUi.picker.back')}
            size="sm"
            variant="ghost"
            onClick={() => {
              setMode('all');
              setText('');
            }}
            data-testid="staff-search-back"
          >
            <ArrowLeft />
          </IconButton>
          <Input ref={searchRef} size="sm" placeholder={t('tasksUi.picker.searchPlaceholder')} value={text} onChange={(e) => setText(e.target.value)} data-testid="staff-search" />
        </Flex>
      )}
      {(mode === 'search' || open) && (
        <Box flex="1" minH="0" overflowY="auto">
          <Suspense
            fallback={
              <Flex p="4" justify="center">
                <Spinner size="sm" />
              </Flex>
            }
          >
            <People search={mode === 'search' ? search : ''} selectedId={selectedId} onSelect={onSelect} layout={layout} />
          </Suspense>
        </Box>
      )}
    </Stack>
  );
}
