import { Badge, type BadgeProps } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

/** Codes of the courses area as the server's enums name them (docs/courses.md). */
export const COURSE_TYPES = ['APPLICATION', 'RETAIL'] as const;
export const COURSE_SITES = ['OFFLINE', 'ONLINE'] as const;
export const HOUR_KINDS = ['BOUGHT', 'ADJUSTED', 'SPENT', 'SIGN_IN_UNDONE', 'REFUNDED'] as const;

const ATTENDANCE_PALETTE: Record<string, string> = { UNTAKEN: 'gray', TAKEN: 'green', LEAVE: 'orange' };
const HOMEWORK_PALETTE: Record<string, string> = { NONE: 'gray', TO_BE_SUBMITTED: 'blue', SUBMITTED: 'purple', REVISION_REQUIRED: 'orange', ACCEPTED: 'green' };

export function AttendanceBadge({ state, ...rest }: { state: string } & BadgeProps) {
  const { t } = useTranslation();
  return (
    <Badge colorPalette={ATTENDANCE_PALETTE[state] ?? 'gray'} variant="subtle" {...rest}>
      {t(`coursesUi.attendance.${state}`)}
    </Badge>
  );
}

export function HomeworkBadge({ state, ...rest }: { state: string } & BadgeProps) {
  const { t } = useTranslation();
  return (
    <Badge colorPalette={HOMEWORK_PALETTE[state] ?? 'gray'} variant="subtle" {...rest}>
      {t(`coursesUi.homework.${state}`)}
    </Badge>
  );
}

/** Hours with one decimal (the server keeps numeric(8,1)). */
/** Hours as typed in a field: a number with at most one decimal (the server's hour precision). */
export const HOURS_TEXT = /^\d+(\.\d)?$/;

export const hours = (n: number) => (Math.round(n * 10) / 10).toFixed(1);

/** A user's global id from the database id CoursePerson carries (Pothos: base64 of `User:<id>`). */
export const userGid = (databaseId: number) => btoa(`User:${databaseId}`);

/** A name in the viewer's language. */
export const nameIn = (p: { name: string; nameEn?: string | null }, lang: 'zh' | 'en') => (lang === 'en' && p.nameEn ? p.nameEn : p.name);
