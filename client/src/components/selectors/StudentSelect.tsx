import { NativeSelect } from '@chakra-ui/react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchQuery, graphql, useRelayEnvironment } from 'react-relay';
import { personName } from '../task/TaskBadges.tsx';
import { useLang } from '../../lib/useLang.ts';
import { Combobox, type Option } from './Combobox.tsx';
import { UserSelect } from './UserSelect.tsx';
import type { StudentSelectQuery } from './__generated__/StudentSelectQuery.graphql.ts';

const studentsQuery = graphql`
  query StudentSelectQuery($search: String, $consultantId: ID, $grade: Int) {
    archives(filter: { search: $search, consultantId: $consultantId, grade: $grade }, first: 20) {
      edges {
        node {
          id
          databaseId
          name
          grade
          year
          consultant {
            name
            nameEn
          }
        }
      }
    }
  }
`;

const GRADES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13];

/**
 * The student selector (spec section 2, mission "student selector"): students' archives by
 * name in any form the server matches (汉字, pinyin, English name), narrowed by consultant and
 * school grade, searched as you type; only archives the viewer may see. It gives `{ id, label }`
 * (the Archive's global id); offered to the archives, courses and organisation screens.
 */
export function StudentSelect({ value, onChange, label, testId = 'student-select' }: { value: Option | null; onChange: (o: Option | null) => void; label: string; testId?: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const environment = useRelayEnvironment();
  const [consultant, setConsultant] = useState<Option | null>(null);
  const [grade, setGrade] = useState('');
  const gradeName = (g: number) => t(g === 13 ? 'tasksUi.select.gradePg' : 'tasksUi.select.grade', { grade: g });
  const search = useCallback(
    (text: string) =>
      fetchQuery<StudentSelectQuery>(environment, studentsQuery, { search: text || null, consultantId: consultant?.id ?? null, grade: grade ? Number(grade) : null }, { fetchPolicy: 'store-or-network' })
        .toPromise()
        .then(
          (data) =>
            data?.archives.edges.map(({ node }) => ({
              id: node.id,
              label: node.name,
              hint: [node.grade ? gradeName(node.grade) : null, node.consultant ? personName(node.consultant, lang) : null, node.year].filter(Boolean).join(' · ') || undefined,
            })) ?? [],
        ),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [environment, consultant, grade, lang],
  );
  return (
    <div style={{ display: 'flex', gap: 4, flexWrap: 'wrap', alignItems: 'center' }} data-testid={`${testId}-frame`}>
      <div style={{ flex: '2 1 180px' }}>
        <Combobox value={value} onChange={onChange} search={search} label={label} placeholder={t('tasksUi.select.studentPlaceholder')} testId={testId} />
      </div>
      <div style={{ flex: '1 1 140px' }}>
        <UserSelect value={consultant} onChange={setConsultant} label={t('tasksUi.select.consultant')} placeholder={t('tasksUi.select.consultant')} testId={`${testId}-consultant`} />
      </div>
      <NativeSelect.Root size="sm" width="28">
        <NativeSelect.Field aria-label={t('tasksUi.select.gradeLabel')} value={grade} onChange={(e) => setGrade(e.target.value)} data-testid={`${testId}-grade`}>
          <option value="">{t('tasksUi.select.allGrades')}</option>
          {GRADES.map((g) => (
            <option key={g} value={g}>
              {gradeName(g)}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </div>
  );
}
