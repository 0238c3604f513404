import { DateTime } from 'luxon';

/** The RRULE value of a stored rule (`FREQ=...` or `RRULE:FREQ=...`, first rule line only). */
export function ruleValue(text: string): string {
  const lines = text.split(/\r?\n/).map((l) => l.trim()).filter(Boolean);
  const line = lines.find((l) => /^RRULE:/i.test(l)) ?? lines.find((l) => /FREQ=/i.test(l)) ?? '';
  return line.replace(/^RRULE:/i, '');
}
/** The stored rule without COUNT and UNTIL, ending at `lastStart` (UTC form, as RFC 5545 asks with a TZID start). */
export function boundedRule(text: string, lastStart: Date, allDay: boolean, zone: string): string {
  const parts = ruleValue(text)
    .split(';')
    .filter((p) => p && !/^(COUNT|UNTIL|DTSTART)=/i.test(p));
  const until = allDay
    ? DateTime.fromJSDate(lastStart, { zone }).toFormat('yyyyLLdd')
    : DateTime.fromJSDate(lastStart, { zone: 'UTC' }).toFormat("yyyyLLdd'T'HHmmss'Z'");
  return [...parts, `UNTIL=${until}`].join(';');
}
