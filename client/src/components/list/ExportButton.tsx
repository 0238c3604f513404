import { Button } from '@chakra-ui/react';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../toaster.tsx';
import { saveBlob } from './download.ts';

/**
 * Export of exactly what the list shows (docs/ui-kit.md): `load` builds the file with the list's
 * filters and sort, from the server's export when it has one (`blobOfBase64`) or in the browser
 * (`xlsxOf`), or from an export job that reports its progress (`onProgress`, 0 to 1, shown as a
 * percentage); the button shows progress meanwhile and a failure is said in a toast.
 */
export function ExportButton({ load, label, testId = 'export' }: { load: (onProgress: (share: number) => void) => Promise<{ fileName: string; blob: Blob }>; label?: string; testId?: string }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const run = async () => {
    setBusy(true);
    setProgress(null);
    try {
      const { fileName, blob } = await load(setProgress);
      saveBlob(fileName, blob);
    } catch (err) {
      notify('error', err instanceof Error && err.message ? err.message : t('transport.unknown'));
    } finally {
      setBusy(false);
      setProgress(null);
    }
  };
  return (
    <Button
      size="sm"
      variant="outline"
      onClick={() => void run()}
      loading={busy}
      loadingText={progress === null ? t('listKit.exporting') : t('listKit.exportingShare', { percent: Math.round(progress * 100) })}
      data-testid={testId}
    >
      <Download size={14} /> {label ?? t('listKit.export')}
    </Button>
  );
}
