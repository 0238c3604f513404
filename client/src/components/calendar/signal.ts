/**
 * "The calendar's data changed elsewhere": screens that write events or schedule entries
 * outside My Calendar (the task dialogs' 加入档期, imports) call `calendarChanged()`, and a
 * mounted calendar refetches its visible range (one request). A calendar mounted later reads
 * fresh data anyway.
 */
const listeners = new Set<() => void>();

export function calendarChanged(): void {
  listeners.forEach((l) => l());
}

export function onCalendarChanged(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
