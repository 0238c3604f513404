import { Box, Input, Spinner, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchQuery, graphql, useRelayEnvironment } from 'react-relay';
import { useLang } from '../../lib/useLang.ts';
import type { ProjectAutocompleteQuery, ProjectAutocompleteQuery$data } from './__generated__/ProjectAutocompleteQuery.graphql.ts';

/** Live projects (finished and cancelled left out, as the legacy list does), by name or code. */
const projectsQuery = graphql`
  query ProjectAutocompleteQuery($search: String) {
    projects(filter: { search: $search, excludeStates: [FINISHED, CANCELLED] }, first: 20) {
      edges {
        node {
          id
          name
          nameEn
          code
        }
      }
    }
  }
`;

export type PickedProject = { id: string; name: string; nameEn: string | null };
type Row = ProjectAutocompleteQuery$data['projects']['edges'][number]['node'];

/** A project autocomplete: type to search, pick from the list (arrow keys and Enter work too). */
export function ProjectAutocomplete({
  value,
  onChange,
  invalid,
  testId = 'project-input',
  placeholder,
  label: name,
}: {
  value: PickedProject | null;
  onChange: (p: PickedProject | null) => void;
  invalid?: boolean;
  testId?: string;
  placeholder?: string;
  /** The accessible name when no visible label is tied to the field (the list's project filter). */
  label?: string;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const environment = useRelayEnvironment();
  const label = (p: { name: string; nameEn?: string | null } | null) => (p ? (lang === 'en' && p.nameEn ? p.nameEn : p.name) : '');
  const [text, setText] = useState(label(value));
  const [open, setOpen] = useState(false);
  // The last answer and the search it answers (null: the live projects without a search).
  const [answer, setAnswer] = useState<{ search: string | null; rows: readonly Row[] } | null>(null);
  const [active, setActive] = useState(0);
  const blurTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const [rect, setRect] = useState<{ top: number; left: number; width: number } | null>(null);

  // The list is fixed (placed under the input) so a dialog's scrolling body does not clip it;
  // it stays inside the dialog's DOM, so picking an option is not an outside click.
  useEffect(() => {
    if (!open) return undefined;
    const place = () => {
      const r = inputRef.current?.getBoundingClientRect();
      if (r) setRect({ top: r.bottom + 4, left: r.left, width: r.width });
    };
    place();
    window.addEventListener('resize', place);
    window.addEventListener('scroll', place, true);
    return () => {
      window.removeEventListener('resize', place);
      window.removeEventListener('scroll', place, true);
    };
  }, [open]);

  // A new value (picked here or set by the form) or another language shows its label.
  const shown = `${value?.id ?? ''}|${lang}`;
  const [shownBefore, setShownBefore] = useState(shown);
  if (shownBefore !== shown) {
    setShownBefore(shown);
    setText(label(value));
  }

  // What the list shows: projects matching the text, or all of them while the text is the value's label.
  const search = text.trim() && text !== label(value) ? text.trim() : null;
  const rows = answer?.rows ?? [];
  const loading = open && (!answer || answer.search !== search);
  useEffect(() => {
    if (!open) return undefined;
    let live = true;
    const timer = setTimeout(() => {
      fetchQuery<ProjectAutocompleteQuery>(environment, projectsQuery, { search }, { fetchPolicy: 'store-or-network' })
        .toPromise()
        .then((data) => {
          if (!live) return;
          setAnswer({ search, rows: data?.projects.edges.map((e) => e.node) ?? [] });
          setActive(0);
        })
        .catch(() => live && setAnswer({ search, rows: [] }));
    }, 200);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [search, open, environment]);

  function pick(row: Row) {
    onChange({ id: row.id, name: row.name, nameEn: row.nameEn ?? null });
    setText(label(row));
    setOpen(false);
  }

  return (
    <Box position="relative">
      <Input
        ref={inputRef}
        value={text}
        placeholder={placeholder ?? t('tasksUi.form.projectPlaceholder')}
        aria-label={name}
        aria-invalid={invalid || undefined}
        borderColor={invalid ? 'border.error' : undefined}
        onClick={() => setOpen(true)}
        onBlur={() => {
          blurTimer.current = setTimeout(() => {
            setOpen(false);
            setText(label(value));
          }, 150);
        }}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
          if (!e.target.value) onChange(null);
        }}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') {
            if (!open) setOpen(true);
            else setActive((a) => Math.min(rows.length - 1, a + 1));
          } else if (e.key === 'ArrowUp') setActive((a) => Math.max(0, a - 1));
          else if (e.key === 'Enter' && open && rows[active]) {
            e.preventDefault();
            pick(rows[active]);
          } else if (e.key === 'Escape') setOpen(false);
        }}
        role="combobox"
        aria-expanded={open}
        data-testid={testId}
      />
      {open && rect && (
        <Stack
          position="fixed"
          zIndex="popover"
          top={`${rect.top}px`}
          left={`${rect.left}px`}
          w={`${rect.width}px`}
          pointerEvents="auto"
          bg="bg.panel"
          borderWidth="1px"
          borderRadius="md"
          boxShadow="md"
          maxH="64"
          overflowY="auto"
          gap="0"
          role="listbox"
          data-testid="project-options"
        >
          {loading && !rows.length && (
            <Box p="3">
              <Spinner size="sm" />
            </Box>
          )}
          {!loading && !rows.length && (
            <Text p="3" fontSize="sm" color="fg.subtle">
              {t('tasksUi.form.noProject')}
            </Text>
          )}
          {rows.map((row, i) => (
            <Box
              key={row.id}
              px="3"
              py="2"
              cursor="pointer"
              bg={i === active ? 'bg.selected' : undefined}
              onMouseEnter={() => setActive(i)}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => pick(row)}
              role="option"
              aria-selected={i === active}
              data-testid="project-option"
            >
              <Text fontSize="sm">{label(row)}</Text>
              <Text fontSize="xs" color="fg.subtle">
                {row.code}
              </Text>
            </Box>
          ))}
        </Stack>
      )}
    </Box>
  );
}
