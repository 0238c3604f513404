import { useMemo } from 'react';
import { sessionUser } from '../state/session.ts';
import { formatDate, formatDateTime, formatRange, formatTime } from './format.ts';
import { useLang } from './useLang.ts';

/** The one formatter bound to the viewer: their language and time zone, 24-hour clock. */
export function useFormat() {
  const lang = useLang();
  const zone = sessionUser.use()?.timeZone ?? undefined;
  return useMemo(
    () => ({
      lang,
      zone,
      dateTime: (v: Date | string) => formatDateTime(v, lang, zone),
      date: (v: Date | string) => formatDate(v, lang, zone),
      time: (v: Date | string) => formatTime(v, lang, zone),
      range: (a: Date | string, b: Date | string) => formatRange(a, b, lang, zone),
    }),
    [lang, zone],
  );
}
