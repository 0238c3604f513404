/** The script references of an HTML page, for the update check (spec section 1). */
export function scriptReferences(html: string): string[] {
  const refs: string[] = [];
  const tag = /<script\b[^>]*\bsrc\s*=\s*["']?([^"'\s>]+)/gi;
  for (let m = tag.exec(html); m; m = tag.exec(html)) refs.push(m[1]!);
  return refs;
}

export function sameScripts(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((ref, i) => ref === b[i]);
}
