import { NativeSelect } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { personName } from '../../../components/task/TaskBadges.tsx';
import { useLang } from '../../../lib/useLang.ts';
import type { StaffOptionsQuery } from './__generated__/StaffOptionsQuery.graphql.ts';

const staffQuery = graphql`
  query StaffOptionsQuery {
    consultants: people(filter: { type: STAFF, roleCode: "consultant", activeOnly: true }, first: 500) {
      edges {
        node {
          id
          name
          nameEn
        }
      }
    }
    sales: people(filter: { type: STAFF, roleCode: "sales", activeOnly: true }, first: 500) {
      edges {
        node {
          id
          name
          nameEn
        }
      }
    }
  }
`;

export type StaffRole = 'consultants' | 'sales';

/** The active staff of a role, for the consultant and salesperson fields and filters (one query, cached). */
export function useStaff(): Record<StaffRole, Array<{ id: string; name: string }>> {
  const lang = useLang();
  const data = useLazyLoadQuery<StaffOptionsQuery>(staffQuery, {}, { fetchPolicy: 'store-or-network' });
  const list = (c: typeof data.consultants) => c.edges.map((e) => ({ id: e.node.id, name: personName(e.node, lang) }));
  return { consultants: list(data.consultants), sales: list(data.sales) };
}

/**
 * A select of the staff of a role. `empty` names the '' entry (anyone / keep / none); `extra`
 * adds entries before the people (e.g. "clear").
 */
export function StaffSelect({
  kind,
  value,
  onChange,
  empty,
  extra = [],
  label,
  id,
  testId,
  width,
  size = 'md',
}: {
  kind: StaffRole;
  value: string;
  onChange: (value: string) => void;
  empty: string;
  extra?: ReadonlyArray<{ value: string; label: string }>;
  label?: string;
  id?: string;
  testId?: string;
  width?: string;
  size?: 'sm' | 'md';
}) {
  const staff = useStaff()[kind];
  const { t } = useTranslation();
  return (
    <NativeSelect.Root size={size} width={width}>
      <NativeSelect.Field id={id} aria-label={label} value={value} onChange={(e) => onChange(e.target.value)} data-testid={testId}>
        <option value="">{empty}</option>
        {extra.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
        {staff.length === 0 && (
          <option value="" disabled>
            {t('archivesUi.person.none')}
          </option>
        )}
        {staff.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
