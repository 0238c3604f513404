import { Box, Button, Flex, Heading, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormError } from '../../../components/FormError.tsx';
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
    <Stack gap="3" data-testid="role-add-page" maxW="3xl">
      <Heading size="lg">{t('orgUi.role.add')}</Heading>
      <Box bg="bg.panel" borderWidth="1px" borderRadius="lg" p={{ base: '3', md: '5' }}>
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Stack gap="4">
            <FormError message={form.error} testId="role-add-error" />
            <RoleFields form={form} />
            <Flex gap="2" justify="end">
              <Button variant="outline" onClick={() => navigate('/role-control/list')}>
                {t('client.cancel')}
              </Button>
              <Button type="submit" colorPalette="blue" loading={form.busy} data-testid="role-add-save">
                {t('orgUi.role.createAndRights')}
              </Button>
            </Flex>
          </Stack>
        </form>
      </Box>
    </Stack>
  );
}
