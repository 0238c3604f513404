import { Field, Grid, Input, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../components/fields/DateField.tsx';
import { UserSelect } from '../../components/selectors/UserSelect.tsx';
import { checkProject, PROJECT_STATES } from './projectDraft.ts';
import type { ProjectDraft, ProjectProblems } from './projectDraft.ts';
import { ChoiceSelect } from '../../components/fields/ChoiceSelect.tsx';

/** The project's fields, shared by the add page and the edit dialog. */
export function ProjectForm({ draft, onChange, problems, canChooseManager }: { draft: ProjectDraft; onChange: (p: Partial<ProjectDraft>) => void; problems: ProjectProblems; canChooseManager: boolean }) {
  const { t } = useTranslation();
  return (
    <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="3">
      <Field.Root required invalid={!!problems.name}>
        <Field.Label>
          {t('contentUi.project.name')} <Field.RequiredIndicator />
        </Field.Label>
        <Input value={draft.name} onChange={(e) => onChange({ name: e.target.value })} maxLength={100} data-testid="project-name" />
        <Field.ErrorText>{problems.name}</Field.ErrorText>
      </Field.Root>
      <Field.Root>
        <Field.Label>{t('contentUi.project.nameEn')}</Field.Label>
        <Input value={draft.nameEn} onChange={(e) => onChange({ nameEn: e.target.value })} maxLength={100} data-testid="project-name-en" />
      </Field.Root>
      <Field.Root>
        <Field.Label>{t('contentUi.project.code')}</Field.Label>
        <Input value={draft.code} onChange={(e) => onChange({ code: e.target.value })} maxLength={50} data-testid="project-code" />
        <Field.HelperText>{t('contentUi.project.codeHint')}</Field.HelperText>
      </Field.Root>
      <Field.Root>
        <Field.Label>{t('contentUi.project.company')}</Field.Label>
        <Input value={draft.companyName} onChange={(e) => onChange({ companyName: e.target.value })} maxLength={100} data-testid="project-company" />
      </Field.Root>
      {canChooseManager && (
        <Field.Root>
          <Field.Label>{t('contentUi.project.manager')}</Field.Label>
          <UserSelect value={draft.manager} onChange={(manager) => onChange({ manager })} label={t('contentUi.project.manager')} testId="project-manager" />
        </Field.Root>
      )}
      <Field.Root>
        <Field.Label>{t('contentUi.project.stateLabel')}</Field.Label>
        <ChoiceSelect value={draft.state} onChange={(state) => onChange({ state })} options={PROJECT_STATES.map((s) => ({ value: s, label: t(`contentUi.project.state.${s}`) }))} testId="project-state-select" />
      </Field.Root>
      <Field.Root>
        <Field.Label>{t('contentUi.project.start')}</Field.Label>
        <DateField value={draft.startDate} onChange={(startDate) => onChange({ startDate })} label={t('contentUi.project.start')} testId="project-start" />
      </Field.Root>
      <Field.Root invalid={!!problems.endDate}>
        <Field.Label>{t('contentUi.project.end')}</Field.Label>
        <DateField value={draft.endDate} onChange={(endDate) => onChange({ endDate })} label={t('contentUi.project.end')} testId="project-end" invalid={!!problems.endDate} />
        <Field.ErrorText>{problems.endDate}</Field.ErrorText>
      </Field.Root>
      <Field.Root gridColumn={{ md: 'span 2' }}>
        <Field.Label>{t('contentUi.project.description')}</Field.Label>
        <Textarea value={draft.description} onChange={(e) => onChange({ description: e.target.value })} rows={4} maxLength={2000} data-testid="project-description" />
      </Field.Root>
    </Grid>
  );
}

/**
 * A project's draft as ProjectForm edits it, with its problems: once shown, they are checked
 * again on each change. `check()` shows them and answers whether the draft may be saved.
 */
export function useProjectDraft(initial: ProjectDraft) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<ProjectDraft>(initial);
  const [problems, setProblems] = useState<ProjectProblems>({});
  const change = (p: Partial<ProjectDraft>) => {
    const next = { ...draft, ...p };
    setDraft(next);
    if (Object.keys(problems).length) setProblems(checkProject(next, t));
  };
  const check = () => {
    const found = checkProject(draft, t);
    setProblems(found);
    return Object.keys(found).length === 0;
  };
  return { draft, problems, change, check };
}
