import { NativeSelect } from '@chakra-ui/react';
import { graphql } from 'react-relay';
import { personName } from '../../../components/task/TaskBadges.tsx';

/** The fields of a department at each of the four levels a query reads (`...departmentFields @relay(mask: false)`). */
void graphql`
  fragment departmentsFields on Department {
    id
    databaseId
    name
    nameEn
    sort
    staffCount
    manager {
      id
      name
      nameEn
    }
  }
`;

/** A department tree as deep as the screens show it (four levels), spread unmasked under `departmentTree`. */
void graphql`
  fragment departmentsTree on Department {
    ...departmentsFields @relay(mask: false)
    children {
      ...departmentsFields @relay(mask: false)
      children {
        ...departmentsFields @relay(mask: false)
        children {
          ...departmentsFields @relay(mask: false)
        }
      }
    }
  }
`;

export type Dept = {
  readonly id: string;
  readonly databaseId: number;
  readonly name: string;
  readonly nameEn?: string | null;
  readonly sort: number;
  readonly staffCount: number;
  readonly manager?: { readonly id: string; readonly name: string; readonly nameEn?: string | null } | null;
  readonly children?: ReadonlyArray<Dept>;
};

export type FlatDept = { dept: Dept; depth: number; parentId: string | null };

/** The tree in display order with each department's depth and parent. */
export function flattenDepts(tree: ReadonlyArray<Dept>, depth = 0, parentId: string | null = null): FlatDept[] {
  return tree.flatMap((d) => [{ dept: d, depth, parentId }, ...flattenDepts(d.children ?? [], depth + 1, d.id)]);
}

/** The ids of a department and everything under it (a department cannot move under these). */
export function subtreeIds(dept: Dept): Set<string> {
  const out = new Set<string>([dept.id]);
  for (const c of dept.children ?? []) for (const id of subtreeIds(c)) out.add(id);
  return out;
}

export const deptName = (d: { name: string; nameEn?: string | null }, lang: 'zh' | 'en') => personName(d, lang);

/** A select of departments, indented by depth; `exclude` leaves some out (a subtree). */
export function DeptSelect({
  tree,
  value,
  onChange,
  empty,
  lang,
  id,
  label,
  testId,
  exclude,
}: {
  tree: ReadonlyArray<Dept>;
  value: string;
  onChange: (value: string) => void;
  empty: string;
  lang: 'zh' | 'en';
  id?: string;
  label?: string;
  testId?: string;
  exclude?: Set<string>;
}) {
  return (
    <NativeSelect.Root>
      <NativeSelect.Field id={id} aria-label={label} value={value} onChange={(e) => onChange(e.target.value)} data-testid={testId}>
        <option value="">{empty}</option>
        {flattenDepts(tree)
          .filter((f) => !exclude?.has(f.dept.id))
          .map((f) => (
            <option key={f.dept.id} value={f.dept.id}>
              {'\u3000'.repeat(f.depth)}
              {deptName(f.dept, lang)}
            </option>
          ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
