/** Names of a student: the spec's required forms, the display and Latin names, the search forms. */
export type NameForms = { surName?: string | null; name?: string | null; surNamePy?: string | null; namePy?: string | null; enName?: string | null };

/** The spec's rule: surname and given name, or pinyin surname and pinyin given name. */
export function hasRequiredName(n: NameForms): boolean {
  return !!((n.surName && n.name) || (n.surNamePy && n.namePy));
}

export function displayName(n: NameForms): string {
  if (n.surName && n.name) return `${n.surName}${n.name}`;
  return [n.namePy, n.surNamePy].filter(Boolean).join(' ');
}

export function latinName(n: NameForms): string | null {
  if (n.enName) return n.surNamePy ? `${n.enName} ${n.surNamePy}` : n.enName;
  if (n.surNamePy && n.namePy) return `${n.namePy} ${n.surNamePy}`;
  return null;
}

/** Every form of the name a user may type, lower case: 张三, zhangsan, sanzhang, zhang san, ethan... */
export function searchNameOf(n: NameForms): string {
  const forms = new Set<string>();
  const add = (s: string | null | undefined) => {
    const v = s?.trim().toLowerCase();
    if (v) forms.add(v);
  };
  add(n.surName && n.name ? `${n.surName}${n.name}` : null);
  add(n.name);
  add(n.surName);
  if (n.surNamePy || n.namePy) {
    const s = n.surNamePy ?? '';
    const g = n.namePy ?? '';
    for (const f of [`${s}${g}`, `${g}${s}`, `${s} ${g}`, `${g} ${s}`]) add(f);
  }
  add(n.enName);
  if (n.enName && n.surNamePy) add(`${n.enName} ${n.surNamePy}`);
  return [...forms].join('|');
}

/** Splits a Chinese full name into surname and given name (first character; compound surnames by list). */
const COMPOUND = ['欧阳', '司马', '上官', '诸葛', '东方', '皇甫', '令狐', '慕容', '尉迟', '公孙', '端木', '司徒', '夏侯'];
export function splitChineseName(full: string): { surName: string; name: string } | null {
  const s = full.trim();
  if (!/^[\p{Script=Han}·]{2,}$/u.test(s)) return null;
  const compound = COMPOUND.find((c) => s.startsWith(c) && s.length > c.length);
  const cut = compound ? compound.length : 1;
  return { surName: s.slice(0, cut), name: s.slice(cut) };
}
