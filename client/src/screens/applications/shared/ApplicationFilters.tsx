import { Input } from '@chakra-ui/react';
import type { TFunction } from 'i18next';
import { SelectFilter, type FilterChip } from '../../../components/list/FilterBar.tsx';
import type { UrlState } from '../../../components/list/useUrlState.ts';
import type { APPLICATION_DEFAULTS } from '../ApplicationList/ApplicationList.route.ts';
import { STATES } from './codes.ts';

type Keys = keyof typeof APPLICATION_DEFAULTS;
type Props = { state: UrlState<Keys>; setState: (patch: Partial<Record<Keys, string>>) => void };

/** The chips of the filters the application lists share: search, state, year. */
export function applicationChips({ state, setState }: Props, t: TFunction): FilterChip[] {
  const chips: FilterChip[] = [];
  if (state.q) chips.push({ key: 'q', label: t('schoolsUi.app.search'), value: state.q, onRemove: () => setState({ q: '' }) });
  if (state.state) chips.push({ key: 'state', label: t('schoolsUi.app.state'), value: t(`schoolsUi.state.${state.state}`), onRemove: () => setState({ state: '' }) });
  if (state.year) chips.push({ key: 'year', label: t('schoolsUi.app.year'), value: state.year, onRemove: () => setState({ year: '' }) });
  return chips;
}

/** The state select and the year field of the application lists (application progress, progress by school). */
export function StateYearFilters({ state, setState, t, testIds }: Props & { t: TFunction; testIds: { state: string; year: string } }) {
  return (
    <>
      <SelectFilter
        label={t('schoolsUi.app.state')}
        all={`${t('schoolsUi.app.state')}: ${t('schoolsUi.all')}`}
        value={state.state}
        onChange={(s) => setState({ state: s })}
        options={STATES.map((s) => ({ value: s, label: t(`schoolsUi.state.${s}`) }))}
        testId={testIds.state}
      />
      <Input
        size="sm"
        width="32"
        inputMode="numeric"
        aria-label={t('schoolsUi.app.year')}
        placeholder={t('schoolsUi.app.year')}
        defaultValue={state.year}
        key={state.year}
        onBlur={(e) => e.target.value.trim() !== state.year && setState({ year: e.target.value.trim() })}
        onKeyDown={(e) => e.key === 'Enter' && setState({ year: e.currentTarget.value.trim() })}
        data-testid={testIds.year}
      />
    </>
  );
}
