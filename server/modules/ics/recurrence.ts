/** The RRULE value of a stored rule (`FREQ=...` or `RRULE:FREQ=...`, first rule line only). */
export function ruleValue(text: string): string {
  const lines = text.split(/\r?\n/).map((l) => l.trim()).filter(Boolean);
  const line = lines.find((l) => /^RRULE:/i.test(l)) ?? lines.find((l) => /FREQ=/i.test(l)) ?? '';
  return line.replace(/^RRULE:/i, '');
}
