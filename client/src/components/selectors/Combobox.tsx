import { Box, CloseButton, Input, Spinner, Stack, Text } from '@chakra-ui/react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export type Option = { id: string; label: string; hint?: string };

/**
 * Search as you type, pick with the mouse or the keyboard (arrows, Enter, Escape), clear with
 * the × button: the frame of the user and student selectors. `search` answers the options of a
 * text (the selectors ask the server, 200 ms after the last key); the list is fixed-positioned
 * so a dialog's scrolling body does not clip it.
 */
export function Combobox({
  value,
  onChange,
  search,
  label,
  placeholder,
  testId,
  empty,
  before,
}: {
  value: Option | null;
  onChange: (o: Option | null) => void;
  search: (text: string) => Promise<Option[]>;
  /** The accessible name (or the visible label's text when the caller draws none). */
  label: string;
  placeholder?: string;
  testId: string;
  empty?: string;
  /** Something drawn before the input (a kind select). */
  before?: ReactNode;
}) {
  const { t } = useTranslation();
  const listId = useId();
  const [text, setText] = useState(value?.label ?? '');
  const [open, setOpen] = useState(false);
  const [answer, setAnswer] = useState<{ text: string; rows: Option[] } | null>(null);
  const [active, setActive] = useState(0);
  const inputRef = useRef<HTMLInputElement>(null);
  // The close that follows a blur waits 150 ms (so a click on an option lands first); a focus
  // that comes back before then cancels it, else it would wipe what is typed right after.
  const blurTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(blurTimer.current), []);
  const [rect, setRect] = useState<{ top: number; left: number; width: number } | null>(null);
  const [shown, setShown] = useState(value?.id ?? '');
  if ((value?.id ?? '') !== shown) {
    setShown(value?.id ?? '');
    setText(value?.label ?? '');
  }
  const query = text === (value?.label ?? '') ? '' : text.trim();
  const rows = answer?.rows ?? [];
  const loading = open && answer?.text !== query;

  useEffect(() => {
    if (!open) return undefined;
    const place = () => {
      const r = inputRef.current?.getBoundingClientRect();
      if (r) setRect({ top: r.bottom + 4, left: r.left, width: Math.max(r.width, 220) });
    };
    place();
    window.addEventListener('resize', place);
    window.addEventListener('scroll', place, true);
    return () => {
      window.removeEventListener('resize', place);
      window.removeEventListener('scroll', place, true);
    };
  }, [open]);

  useEffect(() => {
    if (!open) return undefined;
    let live = true;
    const timer = setTimeout(() => {
      search(query).then(
        (found) => {
          if (!live) return;
          setAnswer({ text: query, rows: found });
          setActive(0);
        },
        () => live && setAnswer({ text: query, rows: [] }),
      );
    }, 200);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [query, open, search]);

  const pick = (o: Option) => {
    onChange(o);
    setText(o.label);
    setOpen(false);
  };

  return (
    <Box position="relative" display="flex" gap="1" alignItems="center">
      {before}
      <Input
        ref={inputRef}
        size="sm"
        value={text}
        placeholder={placeholder}
        aria-label={label}
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && rows[active] ? `${listId}-${active}` : undefined}
        onClick={() => setOpen(true)}
        onFocus={() => {
          clearTimeout(blurTimer.current);
          setOpen(true);
        }}
        onBlur={() => {
          clearTimeout(blurTimer.current);
          blurTimer.current = setTimeout(() => {
            setOpen(false);
            setText(value?.label ?? '');
          }, 150);
        }}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
        }}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            if (!open) setOpen(true);
            else setActive((a) => Math.min(rows.length - 1, a + 1));
          } else if (e.key === 'ArrowUp') {
            e.preventDefault();
            setActive((a) => Math.max(0, a - 1));
          } else if (e.key === 'Enter' && open && rows[active]) {
            e.preventDefault();
            pick(rows[active]);
          } else if (e.key === 'Escape' && open) {
            e.stopPropagation();
            setOpen(false);
          }
        }}
        pr={value ? '8' : undefined}
        data-testid={testId}
      />
      {value && (
        <CloseButton
          size="2xs"
          position="absolute"
          right="1"
          aria-label={t('tasksUi.select.clear', { name: label })}
          onClick={() => {
            onChange(null);
            setText('');
          }}
          data-testid={`${testId}-clear`}
        />
      )}
      {open && rect && (
        <Stack
          id={listId}
          position="fixed"
          zIndex="popover"
          top={`${rect.top}px`}
          left={`${rect.left}px`}
          w={`${rect.width}px`}
          bg="bg.panel"
          borderWidth="1px"
          borderRadius="md"
          boxShadow="md"
          maxH="64"
          overflowY="auto"
          gap="0"
          role="listbox"
          aria-label={label}
          data-testid={`${testId}-options`}
        >
          {loading && !rows.length && (
            <Box p="3">
              <Spinner size="sm" />
            </Box>
          )}
          {!loading && !rows.length && (
            <Text p="3" fontSize="sm" color="fg.subtle">
              {empty ?? t('tasksUi.select.none')}
            </Text>
          )}
          {rows.map((row, i) => (
            <Box
              key={row.id}
              id={`${listId}-${i}`}
              px="3"
              py="2"
              cursor="pointer"
              bg={i === active ? 'bg.selected' : undefined}
              onMouseEnter={() => setActive(i)}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => pick(row)}
              role="option"
              aria-selected={i === active}
              data-testid={`${testId}-option`}
            >
              <Text fontSize="sm">{row.label}</Text>
              {row.hint && (
                <Text fontSize="xs" color="fg.subtle">
                  {row.hint}
                </Text>
              )}
            </Box>
          ))}
        </Stack>
      )}
    </Box>
  );
}
