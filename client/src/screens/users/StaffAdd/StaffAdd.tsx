import { Box, Button, Flex, Heading, Stack } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, usePreloadedQuery } from 'react-relay';
import { useNavigate } from 'react-router';
import { FormError } from '../../../components/FormError.tsx';
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
    <Stack gap="3" data-testid="staff-add-page" maxW="4xl">
      <Heading size="lg">{t('orgUi.staff.add')}</Heading>
      <Box bg="bg.panel" borderWidth="1px" borderRadius="lg" p={{ base: '3', md: '5' }}>
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Stack gap="4">
            <FormError message={form.error} testId="staff-add-error" />
            <StaffFields query={data} form={form} />
            <Flex gap="2" justify="end">
              <Button variant="outline" onClick={() => toList(null)}>
                {t('client.cancel')}
              </Button>
              <Button type="submit" colorPalette="blue" loading={form.busy} data-testid="staff-add-save">
                {t('orgUi.staff.create')}
              </Button>
            </Flex>
          </Stack>
        </form>
      </Box>
      {saved && shows ? <PasswordShown name={saved.name} password={saved.password} mailedTo={saved.mailedTo} onClose={() => toList(saved.name)} /> : null}
    </Stack>
  );
}
