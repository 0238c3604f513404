import { Box, Button, Field, Flex, Input, Stack, Text } from '@chakra-ui/react';
import { DialogShell } from '../components/DialogShell.tsx';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchQuery, graphql, useRelayEnvironment } from 'react-relay';
import { FormError } from '../components/FormError.tsx';
import { useMutationAction } from '../lib/useMutationAction.ts';
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
const LEVEL_TEXT: Record<Strength, string> = { weak: 'fg.error', medium: 'fg.warning', strong: 'fg.success' };

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
      {/* The word never wraps; its colour is the text token of the level (the bar's colours are too pale for text). */}
      <Text fontSize="xs" minW="12" whiteSpace="nowrap" color={level ? LEVEL_TEXT[level] : 'fg.subtle'} data-testid="strength-word">
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
  const [sealing, setSealing] = useState(false);
  const [keyError, setKeyError] = useState<string | null>(null);
  const change = useMutationAction<ChangePasswordDialogMutation>(changeMutation, (r) => r.changePassword);
  const error = keyError ?? change.error;
  const busy = sealing || change.busy;

  const oldProblem = touched.old && !oldPassword ? t('password.oldRequired') : null;
  const newProblemKey = touched.password && password ? newPasswordProblem(password) : touched.password ? 'password.length' : null;
  const confirmProblem = touched.confirm && confirm !== password ? t('password.mismatch') : null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTouched({ old: true, password: true, confirm: true });
    setKeyError(null);
    change.setError(null);
    if (!oldPassword || newPasswordProblem(password) || confirm !== password) return;
    setSealing(true);
    let key: ChangePasswordDialogKeyQuery['response'] | undefined;
    try {
      key = await fetchQuery<ChangePasswordDialogKeyQuery>(environment, keyQuery, {}, { fetchPolicy: 'network-only' }).toPromise();
    } catch (err) {
      // The request layer's message is already translated.
      return setKeyError(err instanceof Error && err.message ? err.message : t('transport.unknown'));
    } finally {
      setSealing(false);
    }
    const seal = (value: string) => (key ? encryptPassword(key.loginPublicKey, value) : value);
    change.run(
      { input: { oldPassword: seal(oldPassword), password: seal(password), confirmPassword: seal(confirm) } },
      {
        onDone: () => {
          notify('success', t('toast.passwordChanged'));
          onClose();
        },
      },
    );
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
        <FormError message={error} testId="change-password-error" />
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
