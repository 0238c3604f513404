import { Badge, Box, Button, CloseButton, Flex, Input, Popover, Portal, Spinner, Stack, Text } from '@chakra-ui/react';
import { Users } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchQuery, graphql, useRelayEnvironment } from 'react-relay';
import { useLang } from '../../../lib/useLang.ts';
import type { PeoplePickerQuery, PeoplePickerQuery$data } from './__generated__/PeoplePickerQuery.graphql.ts';

const peopleQuery = graphql`
  query PeoplePickerQuery($search: String) {
    people(first: 20, filter: { search: $search, type: STAFF, activeOnly: true }) {
      edges {
        node {
          id
          databaseId
          name
          nameEn
          account
        }
      }
    }
  }
`;

export type Person = { id: string; databaseId: number; name: string; nameEn?: string | null };
type Row = PeoplePickerQuery$data['people']['edges'][number]['node'];

export const personName = (p: { name: string; nameEn?: string | null }, lang: 'zh' | 'en') => (lang === 'en' && p.nameEn ? p.nameEn : p.name);

/** Search staff as you type (debounced, one small query). */
export function usePeopleSearch(search: string): { rows: readonly Row[]; loading: boolean } {
  const environment = useRelayEnvironment();
  // The last answer and the search it answers: loading while that is not the current search
  // (the previous rows stay shown meanwhile).
  const [answer, setAnswer] = useState<{ search: string; rows: readonly Row[] } | null>(null);
  useEffect(() => {
    let cleanup = () => {};
    const timer = setTimeout(() => {
      const sub = fetchQuery<PeoplePickerQuery>(environment, peopleQuery, { search: search.trim() || null }, { fetchPolicy: 'store-or-network' }).subscribe({
        next: (data) => setAnswer({ search, rows: data.people.edges.map((e) => e.node) }),
        error: () => setAnswer((a) => ({ search, rows: a?.rows ?? [] })),
      });
      cleanup = () => sub.unsubscribe();
    }, 200);
    return () => {
      clearTimeout(timer);
      cleanup();
    };
  }, [environment, search]);
  return { rows: answer?.rows ?? [], loading: answer?.search !== search };
}

/** A list of staff to choose from (with search), used by the people picker and the event dialog. */
export function PeopleSearch({ chosen, onToggle, testId }: { chosen: readonly Person[]; onToggle: (p: Person) => void; testId?: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const [search, setSearch] = useState('');
  const { rows, loading } = usePeopleSearch(search);
  const picked = new Set(chosen.map((p) => p.id));
  return (
    <Stack gap="2" data-testid={testId}>
      <Input
        size="sm"
        aria-label={t('calendarUi.peopleSearch')}
        placeholder={t('calendarUi.peopleSearch')}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        data-testid={testId ? `${testId}-search` : undefined}
      />
      <Box maxH="56" overflowY="auto">
        {loading && !rows.length ? <Spinner size="sm" m="2" /> : null}
        {!loading && !rows.length ? (
          <Text fontSize="sm" color="fg.subtle" p="2">
            {t('calendarUi.peopleNone')}
          </Text>
        ) : null}
        {rows.map((r) => (
          <Flex
            key={r.id}
            asChild
            w="full"
            textAlign="left"
            px="2"
            py="1.5"
            gap="2"
            align="center"
            borderRadius="sm"
            bg={picked.has(r.id) ? 'bg.selected' : undefined}
            _hover={{ bg: 'bg.muted' }}
            onClick={() => onToggle({ id: r.id, databaseId: r.databaseId, name: r.name, nameEn: r.nameEn })}
            data-testid="person-option"
            data-account={r.account ?? ''}
          >
            <button type="button">
              <Box w="3" h="3" borderRadius="sm" borderWidth="1px" borderColor={picked.has(r.id) ? 'border.selected' : 'fg.subtle'} bg={picked.has(r.id) ? 'border.selected' : 'white'} flexShrink={0} />
              <Text fontSize="sm" truncate flex="1">
                {personName(r, lang)}
              </Text>
              <Text fontSize="xs" color="fg.muted">
                {r.account}
              </Text>
            </button>
          </Flex>
        ))}
      </Box>
    </Stack>
  );
}

/** Whose calendars are shown: the viewer's own (default) or the people chosen. */
export function PeoplePicker({ chosen, onChange }: { chosen: readonly Person[]; onChange: (people: Person[]) => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const toggle = (p: Person) => onChange(chosen.some((c) => c.id === p.id) ? chosen.filter((c) => c.id !== p.id) : [...chosen, p]);
  return (
    <Flex align="center" gap="2" wrap="wrap" data-testid="people-picker">
      <Popover.Root positioning={{ placement: 'bottom-start' }} lazyMount>
        <Popover.Trigger asChild>
          <Button size="sm" variant="outline" data-testid="people-picker-open">
            <Users size={16} />
            {chosen.length ? t('calendarUi.peopleShown', { count: chosen.length }) : t('calendarUi.people')}
          </Button>
        </Popover.Trigger>
        <Portal>
          <Popover.Positioner>
            <Popover.Content w="72">
              <Popover.Body p="3">
                <PeopleSearch chosen={chosen} onToggle={toggle} testId="people-search" />
              </Popover.Body>
            </Popover.Content>
          </Popover.Positioner>
        </Portal>
      </Popover.Root>
      {chosen.map((p) => (
        <Badge key={p.id} variant="subtle" colorPalette="blue" pr="0" data-testid="person-chip">
          {personName(p, lang)}
          <CloseButton size="2xs" aria-label={t('calendarUi.close')} onClick={() => toggle(p)} />
        </Badge>
      ))}
      {chosen.length ? (
        <Button size="xs" variant="ghost" onClick={() => onChange([])} data-testid="people-mine">
          {t('calendarUi.peopleMine')}
        </Button>
      ) : null}
    </Flex>
  );
}
