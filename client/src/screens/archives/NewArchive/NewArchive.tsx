import { Box, Button, Card, Checkbox, DataList, Field, Grid, Heading, HStack, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useMutation } from 'react-relay';
import { useNavigate } from 'react-router';
import { DialogShell } from '../../../components/DialogShell.tsx';
import { FormError } from '../../../components/FormError.tsx';
import { DateField } from '../../../components/fields/DateField.tsx';
import { notify } from '../../../components/toaster.tsx';
import { gradeLabel, GRADES } from '../shared/codes.ts';
import { StaffSelect } from '../shared/StaffOptions.tsx';
import type { NewArchiveCreateMutation, NewArchiveCreateMutation$data } from './__generated__/NewArchiveCreateMutation.graphql.ts';
import type { NewArchiveParentMutation, NewArchiveParentMutation$data } from './__generated__/NewArchiveParentMutation.graphql.ts';
import type { NewArchiveSubmitMutation, NewArchiveSubmitMutation$data } from './__generated__/NewArchiveSubmitMutation.graphql.ts';
import { ChoiceSelect } from '../../../components/fields/ChoiceSelect.tsx';

const createMutation = graphql`
  mutation NewArchiveCreateMutation($input: CreateArchiveInput!) {
    createArchive(input: $input) {
      __typename
      ... on ArchivePayload {
        archive {
          id
          name
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

const parentMutation = graphql`
  mutation NewArchiveParentMutation($input: SaveArchiveFamilyMembersInput!) {
    saveArchiveFamilyMembers(input: $input) {
      __typename
      ... on Error {
        message
      }
    }
  }
`;

const submitMutation = graphql`
  mutation NewArchiveSubmitMutation($input: CreateArchiveVerificationInput!) {
    createArchiveVerification(input: $input) {
      __typename
      ... on Error {
        message
      }
    }
  }
`;

type Form = {
  surName: string;
  name: string;
  surNamePy: string;
  namePy: string;
  enName: string;
  sex: string;
  birthday: string;
  grade: string;
  year: string;
  applicationType: string;
  consultant: string;
  acting: string;
  sales: string;
  parentName: string;
  relation: string;
  parentPhone: string;
  parentEmail: string;
  remark: string;
};
const EMPTY: Form = {
  surName: '',
  name: '',
  surNamePy: '',
  namePy: '',
  enName: '',
  sex: '',
  birthday: '',
  grade: '',
  year: '',
  applicationType: '1',
  consultant: '',
  acting: '',
  sales: '',
  parentName: '',
  relation: '',
  parentPhone: '',
  parentEmail: '',
  remark: '',
};
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The spec's rules for a new archive, in its words (the server checks them again). */
export function newArchiveProblems(f: Form, t: (k: string) => string): Partial<Record<keyof Form, string>> {
  const out: Partial<Record<keyof Form, string>> = {};
  const has = (k: keyof Form) => f[k].trim() !== '';
  if (!((has('surName') && has('name')) || (has('surNamePy') && has('namePy')))) out.surName = t('archive.nameRequired');
  if ((has('parentName') || has('parentPhone') || has('parentEmail')) && !has('relation')) out.relation = t('archive.relationRequired');
  if (has('parentEmail') && !EMAIL.test(f.parentEmail.trim())) out.parentEmail = t('archive.emailInvalid');
  if (has('year') && !/^\d{4}$/.test(f.year.trim())) out.year = t('archive.yearInvalid');
  if (f.acting && f.acting === f.consultant) out.acting = t('archive.actingSameAsConsultant');
  return out;
}

function Labelled({ label, id, problem, required, children, span }: { label: string; id: string; problem?: string; required?: boolean; children: ReactNode; span?: boolean }) {
  return (
    <Field.Root invalid={!!problem} required={required} gridColumn={span ? { md: 'span 2' } : undefined}>
      <Field.Label htmlFor={id}>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      {children}
      {problem && <Field.ErrorText data-testid={`new-${id}-error`}>{problem}</Field.ErrorText>}
    </Field.Root>
  );
}

/**
 * 新建档案 (`/archives/add`) and 快速建档 (`/archives/new-add`): the student's names (surname and
 * given name, or both in pinyin), the archive's grade and year, the people (consultant, acting
 * consultant, salesperson) and the primary parent with the relation; validation on blur and on
 * submit in the spec's words. The quick entry asks for less and shows what will be created in a
 * check dialog first, with the option to submit the archive for verification at once.
 */
export function NewArchive({ quick, light = false }: { quick: boolean; light?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form, setForm] = useState<Form>(EMPTY);
  const [problems, setProblems] = useState<Partial<Record<keyof Form, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const [submitNow, setSubmitNow] = useState(true);
  const [create, creating] = useMutation<NewArchiveCreateMutation>(createMutation);
  const [saveParent, savingParent] = useMutation<NewArchiveParentMutation>(parentMutation);
  const [submit, submitting] = useMutation<NewArchiveSubmitMutation>(submitMutation);
  const busy = creating || savingParent || submitting;
  const check = (next: Form) => newArchiveProblems(next, t);
  const set = (key: keyof Form, value: string) => {
    const next = { ...form, [key]: value };
    setForm(next);
    if (Object.keys(problems).length) {
      const found = check(next);
      setProblems((p) => Object.fromEntries(Object.entries(found).filter(([k]) => k in p)));
    }
  };
  const blur = (key: keyof Form) => {
    const found = check(form);
    setProblems((p) => {
      const next = { ...p };
      const related = key === 'name' || key === 'surNamePy' || key === 'namePy' ? 'surName' : key === 'parentName' ? 'relation' : key;
      if (found[related]) next[related] = found[related];
      else delete next[related];
      return next;
    });
  };
  const validate = () => {
    const found = check(form);
    setProblems(found);
    return !Object.keys(found).length;
  };
  const text = (k: keyof Form) => form[k].trim() || null;
  const run = () => {
    setError(null);
    // Only what was given: createArchive refuses an explicit null for some fields (sex answered 服务异常).
    const given = <T extends Record<string, unknown>>(o: T) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null && v !== undefined)) as Partial<T>;
    const input = given({
      surName: text('surName'),
      name: text('name'),
      surNamePy: text('surNamePy'),
      namePy: text('namePy'),
      enName: text('enName'),
      sex: form.sex ? Number(form.sex) : null,
      birthday: text('birthday'),
      grade: form.grade ? Number(form.grade) : null,
      year: form.year ? Number(form.year) : null,
      applicationType: Number(form.applicationType),
      remark: text('remark'),
      ...(form.consultant ? { consultantId: form.consultant } : {}),
      ...(form.acting ? { actingConsultantId: form.acting } : {}),
      ...(form.sales ? { salespersonId: form.sales } : {}),
    });
    create({
      variables: { input },
      onError: (e) => setError(e.message),
      onCompleted: (r: NewArchiveCreateMutation$data) => {
        const a = r.createArchive;
        if (a.__typename !== 'ArchivePayload' || !a.archive) {
          setChecking(false);
          return setError(('message' in a ? a.message : null) ?? t('transport.unknown'));
        }
        const archive = a.archive;
        const done = () => {
          notify('success', t('archivesUi.new.created'));
          navigate(`/archives/detail/${encodeURIComponent(archive.id)}`);
        };
        const thenSubmit = () => {
          if (!(quick && !light && submitNow)) return done();
          submit({
            variables: { input: { archiveId: archive.id, title: t('archivesUi.verify.submitTitle', { name: archive.name }) } },
            onError: () => done(),
            onCompleted: (s: NewArchiveSubmitMutation$data) => {
              if (s.createArchiveVerification.__typename !== 'ArchiveVerificationPayload' && 'message' in s.createArchiveVerification) notify('error', s.createArchiveVerification.message ?? '');
              done();
            },
          });
        };
        if (!text('parentName') && !text('parentPhone') && !text('parentEmail')) return thenSubmit();
        // The primary parent and the relation go into the family section of the new archive.
        saveParent({
          variables: { input: { archiveId: archive.id, rows: [{ kind: 1, name: text('parentName'), relation: Number(form.relation), phone: text('parentPhone'), email: text('parentEmail') }] } },
          onError: (e) => (notify('error', e.message), done()),
          onCompleted: (p: NewArchiveParentMutation$data) => {
            if (p.saveArchiveFamilyMembers.__typename !== 'SaveArchiveSectionPayload' && 'message' in p.saveArchiveFamilyMembers) notify('error', p.saveArchiveFamilyMembers.message ?? '');
            thenSubmit();
          },
        });
      },
    });
  };
  const onSubmit = () => {
    if (!validate()) return;
    if (quick && !light) setChecking(true);
    else run();
  };
  const input = (k: keyof Form, extra: Record<string, unknown> = {}) => <Input id={k} value={form[k]} onChange={(e) => set(k, e.target.value)} onBlur={() => blur(k)} data-testid={`new-${k}`} {...extra} />;
  const select = (k: keyof Form, options: Array<{ value: string; label: string }>, empty = '—') => (
    <ChoiceSelect id={k} value={form[k]} onChange={(v) => set(k, v)} onBlur={() => blur(k)} testId={`new-${k}`} options={options} empty={empty} />
  );
  const relations = [1, 2, 3, 4, 7].map((c) => ({ value: String(c), label: t(`archivesUi.c.familyMembers.relation.${c}`) }));
  const summary: Array<[string, string]> = [
    [t('archivesUi.new.student'), [form.surName + form.name, [form.surNamePy, form.namePy].filter(Boolean).join(' '), form.enName].filter((s) => s.trim()).join(' / ')],
    [t('archivesUi.col.grade'), form.grade ? gradeLabel(Number(form.grade), t) : '—'],
    [t('archivesUi.col.year'), form.year || '—'],
    [t('archivesUi.new.parentName'), form.parentName ? `${form.parentName}（${relations.find((r) => r.value === form.relation)?.label ?? ''}）` : '—'],
    [t('archivesUi.new.parentPhone'), form.parentPhone || '—'],
    [t('archivesUi.new.parentEmail'), form.parentEmail || '—'],
  ];
  return (
    <Stack gap="4" maxW="4xl" data-testid="new-archive">
      <Heading size="lg">{t(light ? 'archivesUi.light.add' : quick ? 'archivesUi.new.quickTitle' : 'archivesUi.new.title')}</Heading>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        <Stack gap="4">
          <FormError message={checking ? null : error} testId="new-error" />
          <Card.Root size="sm">
            <Card.Header>
              <Heading as="h2" size="md">
                {t('archivesUi.new.student')}
              </Heading>
              <Text fontSize="sm" color="fg.muted">
                {t('archivesUi.new.nameRule')}
              </Text>
            </Card.Header>
            <Card.Body>
              <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="3">
                <Labelled label={t('archivesUi.f.surName')} id="surName" problem={problems.surName}>
                  {input('surName')}
                </Labelled>
                <Labelled label={t('archivesUi.new.givenName')} id="name">
                  {input('name')}
                </Labelled>
                <Labelled label={t('archivesUi.f.surNamePy')} id="surNamePy">
                  {input('surNamePy')}
                </Labelled>
                <Labelled label={t('archivesUi.f.namePy')} id="namePy">
                  {input('namePy')}
                </Labelled>
                {!quick && (
                  <>
                    <Labelled label={t('archivesUi.f.enName')} id="enName">
                      {input('enName')}
                    </Labelled>
                    <Labelled label={t('archivesUi.f.sex')} id="sex">
                      {select(
                        'sex',
                        [1, 2].map((c) => ({ value: String(c), label: t(`archivesUi.c.bio.sex.${c}`) })),
                      )}
                    </Labelled>
                    <Field.Root>
                      <Field.Label as="span">{t('archivesUi.f.birthday')}</Field.Label>
                      <DateField value={form.birthday} onChange={(v) => set('birthday', v)} label={t('archivesUi.f.birthday')} testId="new-birthday" />
                    </Field.Root>
                  </>
                )}
              </Grid>
            </Card.Body>
          </Card.Root>
          <Card.Root size="sm">
            <Card.Header>
              <Heading as="h2" size="md">
                {t('archivesUi.new.overview')}
              </Heading>
            </Card.Header>
            <Card.Body>
              <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="3">
                <Labelled label={t('archivesUi.col.grade')} id="grade">
                  {select(
                    'grade',
                    GRADES.map((g) => ({ value: String(g), label: gradeLabel(g, t) })),
                  )}
                </Labelled>
                <Labelled label={t('archivesUi.col.year')} id="year" problem={problems.year}>
                  {input('year', { inputMode: 'numeric' })}
                </Labelled>
                {!quick && (
                  <Labelled label={t('archivesUi.col.type')} id="applicationType">
                    <NativeSelect.Root>
                      <NativeSelect.Field id="applicationType" value={form.applicationType} onChange={(e) => set('applicationType', e.target.value)}>
                        <option value="1">{t('archivesUi.type.APPLICATION')}</option>
                        <option value="2">{t('archivesUi.type.RETAIL')}</option>
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                  </Labelled>
                )}
                <Suspense fallback={null}>
                  <Labelled label={t('archivesUi.col.consultant')} id="consultant">
                    <StaffSelect kind="consultants" id="consultant" value={form.consultant} onChange={(v) => set('consultant', v)} empty={t('archivesUi.new.defaultMe')} testId="new-consultant" />
                  </Labelled>
                  {!quick && (
                    <Labelled label={t('archivesUi.col.acting')} id="acting" problem={problems.acting}>
                      <StaffSelect kind="consultants" id="acting" value={form.acting} onChange={(v) => set('acting', v)} empty="—" testId="new-acting" />
                    </Labelled>
                  )}
                  <Labelled label={t('archivesUi.col.salesperson')} id="sales">
                    <StaffSelect kind="sales" id="sales" value={form.sales} onChange={(v) => set('sales', v)} empty={t('archivesUi.new.defaultMe')} testId="new-sales" />
                  </Labelled>
                </Suspense>
              </Grid>
            </Card.Body>
          </Card.Root>
          <Card.Root size="sm">
            <Card.Header>
              <Heading as="h2" size="md">
                {t('archivesUi.new.parent')}
              </Heading>
            </Card.Header>
            <Card.Body>
              <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="3">
                <Labelled label={t('archivesUi.new.parentName')} id="parentName">
                  {input('parentName')}
                </Labelled>
                <Labelled label={t('archivesUi.f.relation')} id="relation" problem={problems.relation}>
                  {select('relation', relations, t('archivesUi.new.chooseRelation'))}
                </Labelled>
                <Labelled label={t('archivesUi.new.parentPhone')} id="parentPhone">
                  {input('parentPhone', { inputMode: 'tel' })}
                </Labelled>
                <Labelled label={t('archivesUi.new.parentEmail')} id="parentEmail" problem={problems.parentEmail}>
                  {input('parentEmail', { inputMode: 'email' })}
                </Labelled>
              </Grid>
            </Card.Body>
          </Card.Root>
          <HStack justify="end" gap="2">
            <Button variant="outline" onClick={() => navigate(light ? '/archivess/list' : '/archives/list')}>
              {t('client.cancel')}
            </Button>
            <Button type="submit" colorPalette="blue" loading={busy && !checking} data-testid="new-create">
              {t('archivesUi.new.create')}
            </Button>
          </HStack>
        </Stack>
      </form>
      {checking && (
        <DialogShell
          title={t('archivesUi.new.verifyTitle')}
          onClose={() => setChecking(false)}
          testId="new-check-dialog"
          footer={
            <>
              <Button variant="outline" onClick={() => setChecking(false)} disabled={busy}>
                {t('archivesUi.new.back')}
              </Button>
              <Button colorPalette="blue" onClick={run} loading={busy} data-testid="new-check-confirm">
                {t('archivesUi.new.create')}
              </Button>
            </>
          }
        >
          <Stack gap="3">
            <Text fontSize="sm">{t('archivesUi.new.verifyIntro')}</Text>
            <FormError message={error} testId="new-check-error" />
            <DataList.Root orientation="horizontal" size="sm">
              {summary.map(([label, value]) => (
                <DataList.Item key={label}>
                  <DataList.ItemLabel minW="28">{label}</DataList.ItemLabel>
                  <DataList.ItemValue>{value}</DataList.ItemValue>
                </DataList.Item>
              ))}
            </DataList.Root>
            <Box>
              <Checkbox.Root checked={submitNow} onCheckedChange={(e) => setSubmitNow(e.checked === true)}>
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>{t('archivesUi.new.submitNow')}</Checkbox.Label>
              </Checkbox.Root>
            </Box>
          </Stack>
        </DialogShell>
      )}
    </Stack>
  );
}

export default function NewArchiveScreen() {
  return <NewArchive quick={false} />;
}
