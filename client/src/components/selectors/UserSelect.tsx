import { NativeSelect } from '@chakra-ui/react';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchQuery, graphql, useRelayEnvironment } from 'react-relay';
import { personName } from '../task/TaskBadges.tsx';
import { useLang } from '../../lib/useLang.ts';
import { Combobox, type Option } from './Combobox.tsx';
import type { UserSelectQuery, UserType } from './__generated__/UserSelectQuery.graphql.ts';
import type { UserSelectDepartmentsQuery } from './__generated__/UserSelectDepartmentsQuery.graphql.ts';

const departmentsQuery = graphql`
  query UserSelectDepartmentsQuery {
    departments(first: 200) {
      edges {
        node {
          id
          databaseId
          name
          nameEn
        }
      }
    }
  }
`;

type Department = { databaseId: number; name: string; nameEn?: string | null };

const peopleQuery = graphql`
  query UserSelectQuery($search: String, $type: UserType, $departmentId: Int) {
    people(filter: { search: $search, type: $type, departmentId: $departmentId, activeOnly: true }, first: 20) {
      edges {
        node {
          id
          databaseId
          name
          nameEn
          account
        }
      }
    }
  }
`;

export type UserKind = UserType;
const KINDS: readonly UserKind[] = ['STAFF', 'PARENT', 'STUDENT'];

/**
 * The user selector (spec section 2, mission "user selector"): staff (optionally of one
 * department), parents or students, by name, English name, account or staff number, searched as
 * you type; the server answers only people the viewer may see. With `kinds` of more than one,
 * a select before the field chooses which. Offered to the archives, courses and organisation
 * screens: it takes and gives `{ id, label }` (the User's global id).
 */
export function UserSelect({
  value,
  onChange,
  label,
  kinds = ['STAFF'],
  departmentId,
  withDepartments = false,
  testId = 'user-select',
  placeholder,
}: {
  value: Option | null;
  onChange: (o: Option | null) => void;
  label: string;
  kinds?: readonly UserKind[];
  departmentId?: number;
  /** Offer a department select before the field (staff only). */
  withDepartments?: boolean;
  testId?: string;
  placeholder?: string;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const environment = useRelayEnvironment();
  const [kind, setKind] = useState<UserKind>(kinds[0] ?? 'STAFF');
  const [departments, setDepartments] = useState<readonly Department[]>([]);
  const [department, setDepartment] = useState('');
  useEffect(() => {
    if (!withDepartments) return undefined;
    let live = true;
    fetchQuery<UserSelectDepartmentsQuery>(environment, departmentsQuery, {}, { fetchPolicy: 'store-or-network' })
      .toPromise()
      .then((d) => live && setDepartments(d?.departments.edges.map((e) => e.node) ?? []))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [withDepartments, environment]);
  const dept = department ? Number(department) : (departmentId ?? null);
  const search = useCallback(
    (text: string) =>
      fetchQuery<UserSelectQuery>(environment, peopleQuery, { search: text || null, type: kind, departmentId: kind === 'STAFF' ? dept : null }, { fetchPolicy: 'store-or-network' })
        .toPromise()
        .then((data) => data?.people.edges.map(({ node }) => ({ id: node.id, label: personName(node, lang), hint: node.account ?? undefined })) ?? []),
    [environment, kind, dept, lang],
  );
  return (
    <Combobox
      value={value}
      onChange={onChange}
      search={search}
      label={label}
      placeholder={placeholder ?? t('tasksUi.select.userPlaceholder')}
      testId={testId}
      before={
        withDepartments && kind === 'STAFF' && departments.length ? (
          <NativeSelect.Root size="sm" width="28" flexShrink={0}>
            <NativeSelect.Field aria-label={t('tasksUi.select.department')} value={department} onChange={(e) => setDepartment(e.target.value)} data-testid={`${testId}-department`}>
              <option value="">{t('tasksUi.select.allDepartments')}</option>
              {departments.map((d) => (
                <option key={d.databaseId} value={d.databaseId}>
                  {personName(d, lang)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        ) : kinds.length > 1 ? (
          <NativeSelect.Root size="sm" width="24" flexShrink={0}>
            <NativeSelect.Field aria-label={t('tasksUi.select.kind')} value={kind} onChange={(e) => setKind(e.target.value as UserKind)} data-testid={`${testId}-kind`}>
              {KINDS.filter((k) => kinds.includes(k)).map((k) => (
                <option key={k} value={k}>
                  {t(`tasksUi.select.kind.${k}`)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        ) : undefined
      }
    />
  );
}
