import { Button, Flex, Heading, Spinner, Text } from '@chakra-ui/react';
import { RotateCw } from 'lucide-react';
import { Component, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * What a failed screen shows inside the layout: the request layer's translated message (服务异常...,
 * 服务不可用..., 请求超时 ...) or, for an unexpected error, a generic line; and a retry button.
 */
export function ScreenError({ error, onRetry, compact = false }: { error: unknown; onRetry: () => void; compact?: boolean }) {
  const { t } = useTranslation();
  // The request layer's failures (RequestFailed) carry a code and an already translated message.
  const fromRequest = error instanceof Error && typeof (error as { code?: unknown }).code === 'string';
  const message = fromRequest ? (error as Error).message : t('client.error.screenFailed');
  return (
    <Flex direction="column" align="center" justify="center" gap="3" p={compact ? '6' : '10'} textAlign="center" role="alert" data-testid="screen-error">
      <Heading size={compact ? 'sm' : 'md'}>{fromRequest ? message : t('client.error.unexpected')}</Heading>
      {!fromRequest && (
        <Text color="fg.muted" maxW="md">
          {message}
        </Text>
      )}
      <Button size="sm" colorPalette="blue" onClick={onRetry} data-testid="screen-error-retry">
        <RotateCw size={14} /> {t('client.error.retry')}
      </Button>
    </Flex>
  );
}

type Props = { children: ReactNode; onRetry?: () => void; compact?: boolean; resetKey?: unknown };

/**
 * Catches what a screen (or a part of one) throws while rendering, a failed query included, and
 * shows ScreenError in its place; the rest of the page stays. Retry clears the error and calls
 * `onRetry` (which loads the query again); a new `resetKey` clears it too.
 */
export class ErrorBoundary extends Component<Props, { error: unknown; key: unknown }> {
  override state: { error: unknown; key: unknown } = { error: null, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error('unknown') };
  }

  static getDerivedStateFromProps(props: Props, state: { error: unknown; key: unknown }) {
    return props.resetKey !== state.key ? { error: null, key: props.resetKey } : null;
  }

  retry = () => {
    this.props.onRetry?.();
    this.setState({ error: null });
  };

  override render() {
    if (!this.state.error) return this.props.children;
    return <ScreenError error={this.state.error} onRetry={this.retry} compact={this.props.compact} />;
  }
}

/**
 * A part of a screen that reads a query: a centred spinner while it loads, ScreenError (compact,
 * with a retry that calls `onRetry`) when it fails.
 */
export function QueryBoundary({ onRetry, children }: { onRetry: () => void; children: ReactNode }) {
  return (
    <ErrorBoundary onRetry={onRetry} compact>
      <Suspense
        fallback={
          <Flex p="6" justify="center">
            <Spinner />
          </Flex>
        }
      >
        {children}
      </Suspense>
    </ErrorBoundary>
  );
}
