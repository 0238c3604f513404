import { Field, Stack, Text } from '@chakra-ui/react';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql } from 'react-relay';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { notify } from '../../../components/toaster.tsx';
import { useMutationAction } from '../../../lib/useMutationAction.ts';
import { StaffSelect } from './StaffOptions.tsx';
import type { AssignStaffDialogMutation, AssignStaffDialogMutation$data } from './__generated__/AssignStaffDialogMutation.graphql.ts';

/** An archive's three staff (the list, the detail and this dialog's answer read the same). */
void graphql`
  fragment AssignStaffDialog_staff on Archive {
    consultant {
      id
      name
      nameEn
    }
    actingConsultant {
      id
      name
      nameEn
    }
    salesperson {
      id
      name
      nameEn
    }
  }
`;

const assignMutation = graphql`
  mutation AssignStaffDialogMutation($input: AssignArchiveStaffInput!) {
    assignArchiveStaff(input: $input) {
      __typename
      ... on ArchivesPayload {
        archives {
          id
          updatedAt
          ...AssignStaffDialog_staff @relay(mask: false)
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

const CLEAR = '__clear';

/**
 * The choose-consultant dialog (legacy addConsultant): consultant, acting consultant and
 * salesperson for one archive or many, all or none. A field left at "keep" is not sent; "clear"
 * sends null.
 */
export function AssignStaffDialog({ archives, onClose, onDone }: { archives: ReadonlyArray<{ id: string; name: string }>; onClose: () => void; onDone?: () => void }) {
  const { t } = useTranslation();
  const [values, setValues] = useState({ consultant: '', acting: '', sales: '' });
  const [problem, setProblem] = useState<string | null>(null);
  const save = useMutationAction<AssignStaffDialogMutation, AssignStaffDialogMutation$data['assignArchiveStaff']>(assignMutation, (r) => r.assignArchiveStaff);
  const value = (v: string) => (v === CLEAR ? null : v);
  const submit = () => {
    if (!values.consultant && !values.acting && !values.sales) {
      setProblem(t('archivesUi.assign.nothing'));
      return;
    }
    setProblem(null);
    save.run(
      {
        input: {
          ids: archives.map((a) => a.id),
          ...(values.consultant ? { consultantId: value(values.consultant) } : {}),
          ...(values.acting ? { actingConsultantId: value(values.acting) } : {}),
          ...(values.sales ? { salespersonId: value(values.sales) } : {}),
        },
      },
      {
        onDone: () => {
          notify('success', t('archivesUi.assign.done', { count: archives.length }));
          onClose();
          onDone?.();
        },
      },
    );
  };
  const names = archives
    .slice(0, 5)
    .map((a) => a.name)
    .join('、');
  const keep = t('archivesUi.assign.keep');
  const clear = [{ value: CLEAR, label: t('archivesUi.assign.clear') }];
  return (
    <FormDialog title={t('archivesUi.assign.title')} testId="assign-dialog" onClose={onClose} onSave={submit} busy={save.busy} error={save.error ?? problem} saveLabel={t('archivesUi.assign.save')}>
      <Text fontSize="sm" color="fg.muted" data-testid="assign-for">
        {t('archivesUi.assign.for', { count: archives.length, names: archives.length > 5 ? `${names}…` : names })}
      </Text>
      <Suspense fallback={null}>
        <Stack gap="3">
          <Field.Root>
            <Field.Label htmlFor="assign-consultant">{t('archivesUi.col.consultant')}</Field.Label>
            <StaffSelect id="assign-consultant" kind="consultants" value={values.consultant} onChange={(consultant) => setValues((v) => ({ ...v, consultant }))} empty={keep} extra={clear} testId="assign-consultant" />
          </Field.Root>
          <Field.Root>
            <Field.Label htmlFor="assign-acting">{t('archivesUi.col.acting')}</Field.Label>
            <StaffSelect id="assign-acting" kind="consultants" value={values.acting} onChange={(acting) => setValues((v) => ({ ...v, acting }))} empty={keep} extra={clear} testId="assign-acting" />
          </Field.Root>
          <Field.Root>
            <Field.Label htmlFor="assign-sales">{t('archivesUi.col.salesperson')}</Field.Label>
            <StaffSelect id="assign-sales" kind="sales" value={values.sales} onChange={(sales) => setValues((v) => ({ ...v, sales }))} empty={keep} extra={clear} testId="assign-sales" />
          </Field.Root>
        </Stack>
      </Suspense>
    </FormDialog>
  );
}
