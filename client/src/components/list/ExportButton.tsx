import { Button } from '@chakra-ui/react';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../toaster.tsx';
import { saveBlob } from './download.ts';

/**
 * Export of exactly what the list shows (docs/ui-kit.md): `load` builds the file with the list's
 * filters and sort, from the server's export when it has one (`blobOfBase64`) or in the browser
 * (`xlsxOf`); the button shows progress meanwhile and a failure is said in a toast.
 */
export function ExportButton({ load, label, testId = 'export' }: { load: () => Promise<{ fileName: string; blob: Blob }>; label?: string; testId?: string }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const { fileName, blob } = await load();
      saveBlob(fileName, blob);
    } catch (err) {
      notify('error', err instanceof Error && err.message ? err.message : t('transport.unknown'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="sm" variant="outline" onClick={() => void run()} loading={busy} loadingText={t('listKit.exporting')} data-testid={testId}>
      <Download size={14} /> {label ?? t('listKit.export')}
    </Button>
  );
}
