import { Box, Button, Flex, Heading, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { FormError } from '../../../components/FormError.tsx';
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
    <Stack gap="3" data-testid="user-add-page" maxW="4xl">
      <Heading size="lg">{t('orgUi.user.add')}</Heading>
      <Box bg="bg.panel" borderWidth="1px" borderRadius="lg" p={{ base: '3', md: '5' }}>
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Stack gap="4">
            <FormError message={form.error} testId="user-add-error" />
            <UserFields form={form} />
            <Flex gap="2" justify="end">
              <Button variant="outline" onClick={() => navigate('/user-manage/list')}>
                {t('client.cancel')}
              </Button>
              <Button type="submit" colorPalette="blue" loading={form.busy} data-testid="user-add-save">
                {t('orgUi.user.create')}
              </Button>
            </Flex>
          </Stack>
        </form>
      </Box>
      {saved && (saved.password || saved.mailedTo) ? <PasswordShown name={saved.name} password={saved.password} mailedTo={saved.mailedTo} onClose={() => navigate(detail)} /> : saved ? <Navigate to={detail} /> : null}
    </Stack>
  );
}
