import { Button, Text } from '@chakra-ui/react';
import { Component, type ReactNode } from 'react';
import { t } from '../i18n/index.ts';
import { DialogShell } from './DialogShell.tsx';

/**
 * Keeps a failed dialog (a refused query, a lost connection) inside the dialog: the message
 * and a close button, instead of the router's error page replacing the whole view.
 */
export class DialogErrorBoundary extends Component<{ onClose: () => void; children: ReactNode }, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override render() {
    if (!this.state.error) return this.props.children;
    const close = () => this.props.onClose();
    return (
      <DialogShell title={t('client.error.screenFailed')} onClose={close} testId="dialog-error" size="sm" footer={<Button onClick={close}>{t('client.close')}</Button>}>
        <Text fontSize="sm" color="fg.error">
          {this.state.error.message || t('transport.unknown')}
        </Text>
      </DialogShell>
    );
  }
}
