import { Box, Button, Flex, Heading, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from './FormError.tsx';

/**
 * A page that adds one thing (a user, a staff member, a role): the heading, then on a panel the
 * form with its refusal, the fields, cancel and the create button. `testId` names the page
 * (`-page`), the refusal (`-error`) and the create button (`-save`); `after` follows the panel.
 */
export function AddPage({
  testId,
  maxW,
  title,
  error,
  busy,
  onSubmit,
  onCancel,
  saveLabel,
  children,
  after,
}: {
  testId: string;
  maxW: string;
  title: string;
  error: string | null | undefined;
  busy: boolean;
  onSubmit: () => void;
  onCancel: () => void;
  saveLabel: string;
  children: ReactNode;
  after?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="3" data-testid={`${testId}-page`} maxW={maxW}>
      <Heading size="lg">{title}</Heading>
      <Box bg="bg.panel" borderWidth="1px" borderRadius="lg" p={{ base: '3', md: '5' }}>
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            onSubmit();
          }}
        >
          <Stack gap="4">
            <FormError message={error} testId={`${testId}-error`} />
            {children}
            <Flex gap="2" justify="end">
              <Button variant="outline" onClick={onCancel}>
                {t('client.cancel')}
              </Button>
              <Button type="submit" colorPalette="blue" loading={busy} data-testid={`${testId}-save`}>
                {saveLabel}
              </Button>
            </Flex>
          </Stack>
        </form>
      </Box>
      {after}
    </Stack>
  );
}
