import { Alert, Box, Button, Field, Flex, Input, Stack, Text } from '@chakra-ui/react';
import { DialogShell } from '../components/DialogShell.tsx';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchQuery, graphql, useMutation, useRelayEnvironment } from 'react-relay';
import { notify } from '../components/toaster.tsx';
import { newPasswordProblem, strengthBar, type Strength } from '../lib/password.ts';
import { encryptPassword } from '../lib/rsa.ts';
import type { ChangePasswordDialogKeyQuery } from './__generated__/ChangePasswordDialogKeyQuery.graphql.ts';
import type { ChangePasswordDialogMutation } from './__generated__/ChangePasswordDialogMutation.graphql.ts';

const keyQuery = graphql`
  query ChangePasswordDialogKeyQuery {
    loginPublicKey
  }
`;

const changeMutation = graphql`
  mutation ChangePasswordDialogMutation($input: ChangePasswordInput!) {
    changePassword(input: $input) {
      __typename
      ... on SuccessPayload {
        message
      }
      ... on Error {
        code
        message
      }
    }
  }
`;

const LEVELS: Strength[] = ['weak', 'medium', 'strong'];
const LEVEL_COLOR: Record<Strength, string> = { weak: 'strength.weak', medium: 'strength.medium', strong: 'strength.strong' };

/** Spec section 5: 8 to 24 characters, the class hint, a weak / medium / strong bar, confirm checked on blur. */
function StrengthBar({ password }: { password: string }) {
  const { t } = useTranslation();
  const level = strengthBar(password);
  const reached = level ? LEVELS.indexOf(level) : -1;
  return (
    <Flex align="center" gap="2" data-testid="strength-bar" data-level={level ?? ''}>
      <Text fontSize="xs" color="fg.subtle" whiteSpace="nowrap">
        {t('client.password.strength')}
      </Text>
      {LEVELS.map((l, i) => (
        <Box key={l} flex="1" h="1.5" borderRadius="full" bg={i <= reached && level ? LEVEL_COLOR[level] : 'strength.empty'} />
      ))}
      <Text fontSize="xs" w="10" color={level ? LEVEL_COLOR[level] : 'fg.subtle'}>
        {level ? t(`password.${level}`) : ''}
      </Text>
    </Flex>
  );
}

export function ChangePasswordDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const environment = useRelayEnvironment();
  const [oldPassword, setOld] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [touched, setTouched] = useState({ old: false, password: false, confirm: false });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [commit] = useMutation<ChangePasswordDialogMutation>(changeMutation);

  const oldProblem = touched.old && !oldPassword ? t('password.oldRequired') : null;
  const newProblemKey = touched.password && password ? newPasswordProblem(password) : touched.password ? 'password.length' : null;
  const confirmProblem = touched.confirm && confirm !== password ? t('password.mismatch') : null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTouched({ old: true, password: true, confirm: true });
    setError(null);
    if (!oldPassword || newPasswordProblem(password) || confirm !== password) return;
    setBusy(true);
    try {
      const key = await fetchQuery<ChangePasswordDialogKeyQuery>(environment, keyQuery, {}, { fetchPolicy: 'network-only' }).toPromise();
      const seal = (value: string) => (key ? encryptPassword(key.loginPublicKey, value) : value);
      commit({
        variables: { input: { oldPassword: seal(oldPassword), password: seal(password), confirmPassword: seal(confirm) } },
        onCompleted: (res) => {
          setBusy(false);
          const result = res.changePassword;
          if (result.__typename === 'SuccessPayload') {
            notify('success', t('toast.passwordChanged'));
            onClose();
          } else {
            setError(result.message ?? t('transport.unknown'));
          }
        },
        onError: () => setBusy(false),
      });
    } catch {
      setBusy(false);
    }
  }

  return (
    <DialogShell
      title={t('client.layout.changePassword')}
      onClose={onClose}
      testId="change-password"
      onSubmit={submit}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            {t('client.cancel')}
          </Button>
          <Button type="submit" colorPalette="blue" loading={busy} loadingText={t('client.password.saving')}>
            {t('client.password.save')}
          </Button>
        </>
      }
    >
      <Stack gap="4">
        {error && (
          <Alert.Root status="error" data-testid="change-password-error">
            <Alert.Indicator />
            <Alert.Title>{error}</Alert.Title>
          </Alert.Root>
        )}
        <Field.Root invalid={!!oldProblem} required>
          <Field.Label>{t('client.password.old')}</Field.Label>
          <Input name="oldPassword" type="password" autoComplete="current-password" value={oldPassword} onChange={(e) => setOld(e.target.value)} />
          <Field.ErrorText>{oldProblem}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={!!newProblemKey} required>
          <Field.Label>{t('client.password.new')}</Field.Label>
          <Input name="password" type="password" autoComplete="new-password" maxLength={24} value={password} onChange={(e) => setPassword(e.target.value)} onBlur={() => setTouched((s) => ({ ...s, password: true }))} />
          <Box w="full" mt="1">
            <StrengthBar password={password} />
          </Box>
          {newProblemKey ? <Field.ErrorText data-testid="password-problem">{t(newProblemKey)}</Field.ErrorText> : <Field.HelperText>{t('password.length')}</Field.HelperText>}
        </Field.Root>
        <Field.Root invalid={!!confirmProblem} required>
          <Field.Label>{t('client.password.confirm')}</Field.Label>
          <Input
            name="confirmPassword"
            type="password"
            autoComplete="new-password"
            maxLength={24}
            value={confirm}
            onChange={(e) => setConfirm(e.target.value)}
            onBlur={() => setTouched((s) => ({ ...s, confirm: true }))}
          />
          <Field.ErrorText data-testid="confirm-problem">{confirmProblem}</Field.ErrorText>
        </Field.Root>
      </Stack>
    </DialogShell>
  );
}
