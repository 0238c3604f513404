import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Formats, Messages } from 'react-big-calendar';
import { useLang } from '../../lib/useLang.ts';
import { formatsFor } from './localizer.ts';

/** react-big-calendar's texts (toolbar, views, agenda) from the catalogue and its date formats in the user's language. */
export function useCalendarTexts(): { messages: Messages; formats: Formats } {
  const { t } = useTranslation();
  const lang = useLang();
  const messages = useMemo(
    () => ({
      today: t('calendarUi.today'),
      previous: t('calendarUi.previous'),
      next: t('calendarUi.next'),
      month: t('calendarUi.month'),
      week: t('calendarUi.week'),
      day: t('calendarUi.day'),
      agenda: t('calendarUi.agenda'),
      date: t('calendarUi.date'),
      time: t('calendarUi.time'),
      event: t('calendarUi.event'),
      allDay: t('calendarUi.allDay'),
      noEventsInRange: t('calendarUi.noEventsInRange'),
      showMore: (count: number) => t('calendarUi.showMore', { count }),
    }),
    [t],
  );
  const formats = useMemo(() => formatsFor(lang), [lang]);
  return { messages, formats };
}
