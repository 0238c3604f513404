import { Box, Button, Field, Flex, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql } from 'react-relay';
import { useNavigate, useSearchParams } from 'react-router';
import { FormError } from '../../../components/FormError.tsx';
import { LanguageSwitch } from '../../../components/LanguageSwitch.tsx';
import { Logo } from '../../../components/Logo.tsx';
import { applyLang } from '../../../i18n/index.ts';
import { loginStrength } from '../../../lib/password.ts';
import { encryptPassword } from '../../../lib/rsa.ts';
import { removeToken, setToken } from '../../../lib/storage.ts';
import { run, sessionChanged } from '../../../relay/fetch.ts';
import { logoutIntent, sessionUser } from '../../../state/session.ts';
import { resetViews } from '../../../state/visited.ts';
import type { LoginPageKeyQuery$data } from './__generated__/LoginPageKeyQuery.graphql.ts';
import type { LoginPageMutation$data } from './__generated__/LoginPageMutation.graphql.ts';

const keyQuery = graphql`
  query LoginPageKeyQuery {
    loginPublicKey
  }
`;

const loginMutation = graphql`
  mutation LoginPageMutation($input: LoginInput!) {
    login(input: $input) {
      __typename
      ... on TokenPayload {
        token
        viewer {
          databaseId
          language
          user {
            account
            name
            nameEn
            timeZone
          }
        }
      }
      ... on Error {
        code
        message
      }
    }
  }
`;

/** Only same-app paths are followed after login. */
export function safeRedirect(raw: string | null): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/login')) return '/';
  return raw;
}

const STRENGTH_COLOR = { tooShort: 'fg.error', medium: 'fg.warning', strong: 'fg.success' } as const;
const STRENGTH_KEY = { tooShort: 'password.tooShort', medium: 'password.medium', strong: 'password.strong' } as const;

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const strength = loginStrength(password);
  // A logout has landed here: guarded paths opened from now on return after login again.
  useEffect(() => logoutIntent.clear(), []);
  // The page opens ready to type the account.
  const accountRef = useRef<HTMLInputElement>(null);
  useEffect(() => accountRef.current?.focus(), []);

  const accountMissing = touched && !account.trim();
  const passwordMissing = touched && !password;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    setError(null);
    if (!account.trim() || !password) return;
    setBusy(true);
    try {
      // The Relay store is not loaded on this route: the persisted operations run directly.
      const key = await run<LoginPageKeyQuery$data>(keyQuery, {});
      const sealed = encryptPassword(key.loginPublicKey, password);
      const { login: result } = await run<LoginPageMutation$data>(loginMutation, { input: { account: account.trim(), password: sealed } });
      if (result.__typename === 'TokenPayload' && result.token && result.viewer) {
        const lang = result.viewer.language === 'EN' ? 'en' : 'zh';
        // The layout opens in the user's language: its texts are loaded before the session starts.
        await applyLang(lang).catch(() => undefined);
        setToken(result.token);
        sessionUser.set({
          databaseId: result.viewer.databaseId,
          account: result.viewer.user.account ?? account,
          name: result.viewer.user.name,
          nameEn: result.viewer.user.nameEn ?? null,
          language: lang,
          timeZone: result.viewer.user.timeZone,
        });
        resetViews(result.viewer.databaseId);
        sessionChanged();
        navigate(safeRedirect(params.get('redirect')), { replace: true });
      } else {
        removeToken();
        sessionUser.set(null);
        setError(result.message ?? t('transport.unknown'));
      }
    } catch (err) {
      // The request layer's message is already translated (网络连接失败..., 服务异常...): it also shows in the form.
      setError(err instanceof Error && err.message ? err.message : t('transport.unknown'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Flex minH="100vh" align="center" justify="center" bgGradient="to-br" gradientFrom="nav.gradientFrom" gradientTo="nav.gradientTo" px="4">
      <Box position="absolute" top="4" right="4">
        <LanguageSwitch size="sm" onChange={(lang) => applyLang(lang)} dark />
      </Box>
      <Box as="main" bg="bg.panel" borderRadius="xl" boxShadow="xl" p={{ base: '6', md: '10' }} w="full" maxW="420px">
        <form onSubmit={submit} noValidate aria-label={t('client.login.title')}>
          <Stack gap="6">
            <Flex align="center" gap="3">
              <Logo size={44} />
              <Box>
                <Heading size="lg" as="h1">
                  {t('client.appName')}
                </Heading>
                <Text color="fg.subtle" fontSize="sm">
                  {t('client.login.subtitle')}
                </Text>
              </Box>
            </Flex>
            <Heading size="md" as="h2">
              {t('client.login.title')}
            </Heading>
            <FormError message={error} testId="login-error" />
            <Field.Root invalid={accountMissing} required>
              <Field.Label>{t('client.login.account')}</Field.Label>
              <Input name="account" autoComplete="username" ref={accountRef} value={account} onChange={(e) => setAccount(e.target.value)} maxLength={64} />
              <Field.ErrorText>{t('auth.accountRequired')}</Field.ErrorText>
            </Field.Root>
            <Field.Root invalid={passwordMissing} required>
              <Field.Label>{t('client.login.password')}</Field.Label>
              <Input name="password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} maxLength={64} />
              {passwordMissing ? (
                <Field.ErrorText>{t('auth.passwordRequired')}</Field.ErrorText>
              ) : (
                // The tip and the strength each stay whole: a line breaks between them, never inside one.
                <Field.HelperText data-testid="password-tip" display="flex" flexWrap="wrap" columnGap="2">
                  <Text as="span">{t('password.loginTip')}</Text>
                  {strength && (
                    <Text as="span" whiteSpace="nowrap" fontWeight="semibold" color={STRENGTH_COLOR[strength]} data-testid="password-strength" data-level={strength}>
                      {t('client.login.strength', { level: t(STRENGTH_KEY[strength]) })}
                    </Text>
                  )}
                </Field.HelperText>
              )}
            </Field.Root>
            <Button type="submit" colorPalette="blue" size="lg" loading={busy} loadingText={t('client.login.submitting')}>
              {t('client.login.submit')}
            </Button>
          </Stack>
        </form>
      </Box>
    </Flex>
  );
}
