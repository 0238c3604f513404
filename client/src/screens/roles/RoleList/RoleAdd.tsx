import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AddPage } from '../../../components/AddPage.tsx';
import { notify } from '../../../components/toaster.tsx';
import { RoleFields, useRoleForm } from '../shared/RoleForm.tsx';

/** 新增角色 (`/role-control/add`): the role form; after saving, its permission screen. */
export default function RoleAdd() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useRoleForm(null);
  const submit = () =>
    form.save((id) => {
      notify('success', t('orgUi.saved'));
      navigate(`/role-control/permission/${encodeURIComponent(id)}`);
    });
  return (
    <AddPage testId="role-add" maxW="3xl" title={t('orgUi.role.add')} error={form.error} busy={form.busy} onSubmit={submit} onCancel={() => navigate('/role-control/list')} saveLabel={t('orgUi.role.createAndRights')}>
      <RoleFields form={form} />
    </AddPage>
  );
}
