import type { TFunction } from 'i18next';

/** The school area's codes as the GraphQL enums name them (docs/schools.md). */
export const SEXES = ['BOYS', 'GIRLS', 'COED'] as const;
export const PLATFORMS = ['SAO', 'GATEWAY', 'RAVENNA', 'SCHOOL'] as const;
export const DRESS_CODES = ['FORMAL', 'SEMI_FORMAL', 'NONE'] as const;
export const SETTINGS = ['RURAL', 'SUBURBAN', 'URBAN'] as const;
export const DEADLINE_KINDS = ['APPLICATION', 'FINANCIAL_AID', 'DECISION', 'REPLY'] as const;
export const SPORT_GENDERS = ['BOYS', 'GIRLS', 'BOTH'] as const;
export const SPORT_SEASONS = ['FALL', 'WINTER', 'SPRING'] as const;
/** Countries offered in the filter (any ISO code may be typed in the editor). */
export const COUNTRIES = ['US', 'GB', 'CA'] as const;
/** Grades as the server numbers them (13 = PG). */
export const SCHOOL_GRADES = [6, 7, 8, 9, 10, 11, 12, 13] as const;

/** A country code in the viewer's language (the code itself when the catalogue has no name). */
export function countryName(code: string | null | undefined, t: TFunction): string {
  if (!code) return '';
  return (COUNTRIES as readonly string[]).includes(code) ? t(`schoolsUi.country.${code}`) : code;
}

export function gradeName(grade: number, t: TFunction): string {
  return grade === 13 ? 'PG' : t('schoolsUi.gradeN', { grade });
}

/** The school's name the viewer reads first: the Chinese name in Chinese when there is one. */
export function schoolName(s: { readonly name: string; readonly chineseName?: string | null }, lang: 'zh' | 'en'): string {
  return lang === 'zh' && s.chineseName ? s.chineseName : s.name;
}
