import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { AddPage } from '../../../components/AddPage.tsx';
import { notify } from '../../../components/toaster.tsx';
import { PasswordShown } from '../shared/PasswordShown.tsx';
import { UserFields, useUserForm, type SavedUser } from '../shared/UserForm.tsx';

/**
 * 新增用户 (`/user-manage/add`): a parent or a student with account and relations; a generated
 * password is shown once (or mailed), then the new person's detail opens.
 */
export default function UserAdd() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useUserForm(null);
  const [saved, setSaved] = useState<SavedUser | null>(null);
  const detail = saved ? `/user-manage/detail/${encodeURIComponent(saved.id)}` : '';
  const submit = () =>
    form.save((s) => {
      notify('success', t('orgUi.user.added', { name: s.name }));
      setSaved(s);
    });
  return (
    <AddPage
      testId="user-add"
      maxW="4xl"
      title={t('orgUi.user.add')}
      error={form.error}
      busy={form.busy}
      onSubmit={submit}
      onCancel={() => navigate('/user-manage/list')}
      saveLabel={t('orgUi.user.create')}
      after={
        saved && (saved.password || saved.mailedTo) ? <PasswordShown name={saved.name} password={saved.password} mailedTo={saved.mailedTo} onClose={() => navigate(detail)} /> : saved ? <Navigate to={detail} /> : null
      }
    >
      <UserFields form={form} />
    </AddPage>
  );
}
