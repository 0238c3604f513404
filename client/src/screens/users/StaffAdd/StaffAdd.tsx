import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, usePreloadedQuery } from 'react-relay';
import { useNavigate } from 'react-router';
import { AddPage } from '../../../components/AddPage.tsx';
import { notify } from '../../../components/toaster.tsx';
import { useRouteQuery } from '../../../relay/routeQuery.ts';
import { closeView } from '../../../state/visited.ts';
import { PasswordShown } from '../shared/PasswordShown.tsx';
import { StaffFields, useStaffForm, type SavedStaff } from '../shared/StaffForm.tsx';
import { staffAddRoute } from './StaffAdd.route.ts';
import type { StaffAddQuery } from './__generated__/StaffAddQuery.graphql.ts';

const addQuery = graphql`
  query StaffAddQuery {
    ...StaffForm_query
  }
`;

/**
 * 新增员工 (`/people/add`): the staff form; without a password the server generates one, shown
 * here once (or mailed when chosen), then back to the list, searched for the new person so they
 * are in view whatever page the order puts them on, and the add tab closes (issue 32 item 13).
 */
export default function StaffAdd() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { queryRef } = useRouteQuery(staffAddRoute, {});
  const data = usePreloadedQuery<StaffAddQuery>(addQuery, queryRef);
  const form = useStaffForm(null);
  const [saved, setSaved] = useState<SavedStaff | null>(null);
  const toList = (name: string | null) => {
    navigate(name ? `/people/list?q=${encodeURIComponent(name)}` : '/people/list');
    closeView('/people/add');
  };
  const shows = !!saved && !!(saved.password || saved.mailedTo);
  useEffect(() => {
    if (saved && !shows) toList(saved.name);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when saved
  }, [saved, shows]);
  const submit = () =>
    form.save((s) => {
      notify('success', t('orgUi.staff.added', { name: s.name }));
      setSaved(s);
    });
  return (
    <AddPage
      testId="staff-add"
      maxW="4xl"
      title={t('orgUi.staff.add')}
      error={form.error}
      busy={form.busy}
      onSubmit={submit}
      onCancel={() => toList(null)}
      saveLabel={t('orgUi.staff.create')}
      after={saved && shows ? <PasswordShown name={saved.name} password={saved.password} mailedTo={saved.mailedTo} onClose={() => toList(saved.name)} /> : null}
    >
      <StaffFields query={data} form={form} />
    </AddPage>
  );
}
