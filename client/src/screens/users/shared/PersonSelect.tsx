import { NativeSelect } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { personName } from '../../../components/task/TaskBadges.tsx';
import { useLang } from '../../../lib/useLang.ts';
import type { PersonSelectQuery, UserFilter } from './__generated__/PersonSelectQuery.graphql.ts';

const peopleQuery = graphql`
  query PersonSelectQuery($filter: UserFilter) {
    people(filter: $filter, first: 500) {
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

/**
 * A select of the people a filter names (active staff of a role, active parents...), for the
 * handover target, a department head and a student's relations. Loads on its own (wrap it in
 * Suspense); `empty` names the '' entry (nobody / keep).
 */
export function PersonSelect({
  filter,
  value,
  onChange,
  empty,
  id,
  label,
  testId,
  exclude,
  by = 'id',
}: {
  filter: UserFilter;
  value: string;
  onChange: (value: string) => void;
  empty: string;
  id?: string;
  label?: string;
  testId?: string;
  exclude?: string;
  /** What a value is: the global id (default) or the database id (a list filter's URL). */
  by?: 'id' | 'databaseId';
}) {
  const lang = useLang();
  const { t } = useTranslation();
  const data = useLazyLoadQuery<PersonSelectQuery>(peopleQuery, { filter }, { fetchPolicy: 'store-or-network' });
  const people = data.people.edges.map((e) => e.node).filter((p) => p.id !== exclude);
  return (
    <NativeSelect.Root>
      <NativeSelect.Field id={id} aria-label={label} value={value} onChange={(e) => onChange(e.target.value)} data-testid={testId}>
        <option value="">{empty}</option>
        {people.length === 0 && (
          <option value="" disabled>
            {t('orgUi.nobody')}
          </option>
        )}
        {people.map((p) => (
          <option key={p.id} value={by === 'id' ? p.id : String(p.databaseId)}>
            {personName(p, lang)}
            {p.account ? ` (${p.account})` : ''}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
