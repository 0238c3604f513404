import { Input, InputGroup, Spinner } from '@chakra-ui/react';
import { Search } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** How long typing pauses before the search runs (docs/ui-kit.md, "One search behaviour"). */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * The one search behaviour of every list: `text` is what the box shows, `onSearch` runs 300 ms
 * after typing stops, at once on Enter (`submit`), and on blur; `value` from outside (back, a
 * chip removed, a shared link) replaces the text. Never runs twice for the same text.
 */
export function useSearchText(value: string, onSearch: (text: string) => void) {
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);
  // The URL (or the screen's state) changed the search: the box follows (adjusted during render).
  if (shown !== value) {
    setShown(value);
    setText(value);
  }
  const latest = useRef({ value, onSearch });
  useEffect(() => {
    latest.current = { value, onSearch };
  });
  useEffect(() => {
    const timer = setTimeout(() => {
      if (text.trim() !== latest.current.value) latest.current.onSearch(text.trim());
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const submit = () => {
    if (text.trim() !== value) onSearch(text.trim());
  };
  return { text, setText, submit };
}

/**
 * The list kit's search box: a `role="search"` form (Enter searches at once), the magnifier at
 * the start and, while the new result loads (`pending`, the screen's `useTransition`), a spinner
 * at the end; the table below dims its old rows and takes no clicks meanwhile (DataTable `stale`).
 */
export function SearchBox({ value, onSearch, label, pending = false, testId, maxWidth = 360 }: { value: string; onSearch: (text: string) => void; label: string; pending?: boolean; testId: string; maxWidth?: number }) {
  const { t } = useTranslation();
  const { text, setText, submit } = useSearchText(value, onSearch);
  return (
    <form
      role="search"
      style={{ flex: '1 1 200px', minWidth: 0, maxWidth }}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <InputGroup startElement={<Search size={14} />} endElement={pending ? <Spinner size="xs" aria-label={t('listKit.searching')} data-testid={`${testId}-pending`} /> : undefined} w="full">
        <Input size="sm" type="search" aria-label={label} placeholder={label} value={text} onChange={(e) => setText(e.target.value)} onBlur={submit} aria-busy={pending || undefined} data-testid={testId} />
      </InputGroup>
    </form>
  );
}
