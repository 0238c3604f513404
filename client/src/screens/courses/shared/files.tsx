import { Button, Flex, Progress, Stack, Text } from '@chakra-ui/react';
import { Download, Paperclip } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchDownload } from '../../../components/list/fetchDownload.ts';
import { saveBlob } from '../../../components/list/download.ts';
import { notify } from '../../../components/toaster.tsx';
import { graphql } from 'react-relay';

/** A course file as every course screen lists it (attachments, task files, homework), spread unmasked. */
void graphql`
  fragment files_courseFile on CourseFile {
    databaseId
    fileName
    url
    size
  }
`;

type FileRow = { readonly databaseId: number; readonly fileName: string; readonly url: string; readonly size: number };

const size = (n: number) => (n >= 1_048_576 ? `${(n / 1_048_576).toFixed(1)} MB` : `${Math.max(1, Math.round(n / 1024))} KB`);

/** A stored course file as a download (with the session: the server checks who may read it). */
export function FileLink({ file, onOpened }: { file: FileRow; onOpened?: () => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const open = () => {
    setBusy(true);
    fetchDownload(file.url, file.fileName)
      .then(({ fileName, blob }) => {
        saveBlob(fileName, blob);
        onOpened?.();
      })
      .catch((e: Error) => notify('error', e.message))
      .finally(() => setBusy(false));
  };
  return (
    <Button size="xs" variant="ghost" onClick={open} loading={busy} title={t('coursesUi.file.download', { name: file.fileName })} data-testid={`file-${file.databaseId}`} maxW="full" justifyContent="start">
      <Download size={14} />
      <Text as="span" truncate>
        {file.fileName}
      </Text>
      <Text as="span" color="fg.subtle" flexShrink={0}>
        {size(file.size)}
      </Text>
    </Button>
  );
}

/** Files in a column, each a download. */
export function FileList({ files, onOpened }: { files: readonly FileRow[]; onOpened?: () => void }) {
  const { t } = useTranslation();
  if (!files.length)
    return (
      <Text fontSize="sm" color="fg.subtle">
        {t('coursesUi.file.none')}
      </Text>
    );
  return (
    <Stack gap="0" align="start" minW="0">
      {files.map((f) => (
        <FileLink key={f.databaseId} file={f} onOpened={onOpened} />
      ))}
    </Stack>
  );
}

/**
 * Choose a file and send it (`upload` sends it with `sendWithFile`), with a progress bar while it
 * travels; the server's refusal (type, size, state) shows under the button.
 */
export function UploadButton({ label, upload, testId, size: buttonSize = 'sm' }: { label: string; upload: (file: File, onProgress: (f: number) => void) => Promise<unknown>; testId: string; size?: 'xs' | 'sm' }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const send = (file: File) => {
    setError(null);
    setProgress(0);
    upload(file, setProgress)
      .then(() => notify('success', t('coursesUi.file.uploaded', { name: file.name })))
      .catch((e: Error) => setError(e.message))
      .finally(() => setProgress(null));
  };
  return (
    <Stack gap="1" minW="0">
      <Flex gap="2" align="center">
        <Button size={buttonSize} variant="outline" onClick={() => input.current?.click()} loading={progress !== null} data-testid={testId}>
          <Paperclip size={14} /> {label}
        </Button>
        <input
          ref={input}
          type="file"
          hidden
          aria-label={label}
          data-testid={`${testId}-input`}
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) send(file);
          }}
        />
      </Flex>
      {progress !== null && (
        <Progress.Root size="sm" value={Math.round(progress * 100)} max={100} data-testid={`${testId}-progress`} aria-label={t('coursesUi.file.progress')}>
          <Progress.Track>
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
      )}
      {error && (
        <Text fontSize="sm" color="fg.error" data-testid={`${testId}-error`}>
          {error}
        </Text>
      )}
    </Stack>
  );
}

/** A payload's typed error as a thrown message (for sendWithFile's answers). */
export function refusedOf(answer: { readonly __typename: string; readonly message?: string }): void {
  if (/Error$/.test(answer.__typename)) throw new Error(answer.message ?? '');
}
