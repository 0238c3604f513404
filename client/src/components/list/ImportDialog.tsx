import { Box, Button, Flex, Progress, Stack, Table, Text } from '@chakra-ui/react';
import { Download, FileSpreadsheet } from 'lucide-react';
import { useEffect, useId, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogShell } from '../DialogShell.tsx';
import { FormError } from '../FormError.tsx';

export type ImportRowError = { row: number; column: string; message: string };
/** What the server answered: written (a summary), or refused (nothing written) with the cells at fault. */
export type ImportOutcome = { ok: true; summary: string } | { ok: false; message: string; rows?: readonly ImportRowError[] };
export type ImportPreview = { columns: string[]; rows: string[][]; total: number };

/** The first rows of an .xlsx read in the browser (exceljs, loaded only when a file is chosen). */
export async function previewXlsx(file: File, limit = 5): Promise<ImportPreview> {
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(await file.arrayBuffer());
  const sheet = book.worksheets[0];
  if (!sheet) return { columns: [], rows: [], total: 0 };
  const text = (v: unknown): string => (v == null ? '' : typeof v === 'object' && 'text' in (v as object) ? String((v as { text: unknown }).text) : v instanceof Date ? v.toISOString().slice(0, 10) : String(v));
  const header = sheet.getRow(1);
  const width = header.cellCount;
  const columns = Array.from({ length: width }, (_, i) => text(header.getCell(i + 1).value));
  const rows: string[][] = [];
  for (let r = 2; r <= Math.min(sheet.rowCount, limit + 1); r++) {
    const row = sheet.getRow(r);
    rows.push(Array.from({ length: width }, (_, i) => text(row.getCell(i + 1).value)));
  }
  return { columns, rows, total: Math.max(0, sheet.actualRowCount - 1) };
}

/**
 * The import recipe (docs/ui-kit.md): the template to download, a file picker or drop zone, a
 * preview of the first rows, the upload with its progress, then either a summary of what was
 * written or the table of what the server refused (row, column, reason; nothing written).
 */
export function ImportDialog({
  title,
  onClose,
  upload,
  onTemplate,
  accept = '.xlsx',
  hint,
  preview = previewXlsx,
  testId = 'import-dialog',
}: {
  title: string;
  onClose: () => void;
  upload: (file: File, onProgress: (fraction: number) => void) => Promise<ImportOutcome>;
  onTemplate?: () => Promise<void>;
  accept?: string;
  hint?: string;
  preview?: ((file: File) => Promise<ImportPreview>) | null;
  testId?: string;
}) {
  const { t } = useTranslation();
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [seen, setSeen] = useState<ImportPreview | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<ImportOutcome | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const busy = progress !== null && outcome === null && failure === null;

  useEffect(() => {
    if (!file || !preview) return;
    let live = true;
    preview(file).then(
      (p) => live && setSeen(p),
      () => live && setSeen(null),
    );
    return () => {
      live = false;
    };
  }, [file, preview]);

  const choose = (f: File | null | undefined) => {
    setFile(f ?? null);
    setSeen(null);
    setOutcome(null);
    setFailure(null);
    setProgress(null);
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    choose(e.dataTransfer.files[0]);
  };
  const commit = async () => {
    if (!file) return;
    setProgress(0);
    setOutcome(null);
    setFailure(null);
    try {
      setOutcome(await upload(file, setProgress));
    } catch (err) {
      setFailure(err instanceof Error && err.message ? err.message : t('transport.unknown'));
    }
  };
  const done = outcome?.ok === true;

  return (
    <DialogShell
      title={title}
      onClose={onClose}
      testId={testId}
      size="lg"
      footer={
        done ? (
          <Button colorPalette="blue" onClick={onClose} data-testid={`${testId}-done`}>
            {t('listKit.done')}
          </Button>
        ) : (
          <>
            <Button variant="outline" onClick={onClose} disabled={busy}>
              {t('client.cancel')}
            </Button>
            <Button colorPalette="blue" onClick={() => void commit()} disabled={!file} loading={busy} loadingText={t('listKit.importing')} data-testid={`${testId}-commit`}>
              {t('listKit.importCommit')}
            </Button>
          </>
        )
      }
    >
      <Stack gap="3">
        {hint && (
          <Text fontSize="sm" color="fg.muted">
            {hint}
          </Text>
        )}
        {onTemplate && (
          <Box>
            <Button size="sm" variant="outline" onClick={() => void onTemplate()} data-testid={`${testId}-template`}>
              <Download size={14} /> {t('listKit.template')}
            </Button>
          </Box>
        )}
        {!done && (
          <Flex
            asChild
            direction="column"
            align="center"
            gap="1"
            p="5"
            borderWidth="2px"
            borderStyle="dashed"
            borderColor={dragging ? 'border.emphasized' : 'border'}
            borderRadius="md"
            bg={dragging ? 'bg.subtle' : undefined}
            cursor="pointer"
            onDragOver={(e) => {
              e.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
            data-testid={`${testId}-drop`}
          >
            <label htmlFor={inputId}>
              <FileSpreadsheet size={24} />
              <Text fontSize="sm">{file ? file.name : t('listKit.chooseFile')}</Text>
              <Text fontSize="xs" color="fg.subtle">
                {file ? t('listKit.fileSize', { size: Math.ceil(file.size / 1024) }) : t('listKit.dropHint')}
              </Text>
              <input id={inputId} type="file" accept={accept} style={{ position: 'absolute', width: 1, height: 1, opacity: 0 }} onChange={(e) => choose(e.target.files?.[0])} data-testid={`${testId}-file`} />
            </label>
          </Flex>
        )}
        {seen && !done && seen.columns.length > 0 && (
          <Box>
            <Text fontSize="sm" fontWeight="medium" mb="1">
              {t('listKit.preview', { count: seen.total })}
            </Text>
            <Table.ScrollArea borderWidth="1px" borderRadius="md" maxH="48" tabIndex={0} aria-label={t('listKit.previewLabel')}>
              <Table.Root size="sm" aria-label={t('listKit.previewLabel')} data-testid={`${testId}-preview`}>
                <Table.Header>
                  <Table.Row>
                    {seen.columns.map((c, i) => (
                      <Table.ColumnHeader key={i}>{c}</Table.ColumnHeader>
                    ))}
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {seen.rows.map((r, i) => (
                    <Table.Row key={i}>
                      {r.map((v, j) => (
                        <Table.Cell key={j}>{v}</Table.Cell>
                      ))}
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Table.ScrollArea>
          </Box>
        )}
        {progress !== null && !outcome && !failure && (
          <Progress.Root value={Math.round(progress * 100)} size="sm" colorPalette="blue" data-testid={`${testId}-progress`}>
            <Progress.Label fontSize="xs">{t('listKit.uploading')}</Progress.Label>
            <Progress.Track>
              <Progress.Range />
            </Progress.Track>
            <Progress.ValueText fontSize="xs" />
          </Progress.Root>
        )}
        <FormError message={failure} testId={`${testId}-failure`} />
        {outcome?.ok === false && (
          <Stack gap="2" data-testid={`${testId}-refused`}>
            <FormError message={outcome.message} />
            {outcome.rows && outcome.rows.length > 0 && (
              <Table.ScrollArea borderWidth="1px" borderRadius="md" maxH="64" tabIndex={0} aria-label={t('listKit.errorsLabel')}>
                <Table.Root size="sm" stickyHeader aria-label={t('listKit.errorsLabel')} data-testid={`${testId}-errors`}>
                  <Table.Header>
                    <Table.Row>
                      <Table.ColumnHeader w="16">{t('listKit.row')}</Table.ColumnHeader>
                      <Table.ColumnHeader w="32">{t('listKit.column')}</Table.ColumnHeader>
                      <Table.ColumnHeader>{t('listKit.reason')}</Table.ColumnHeader>
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {outcome.rows.map((r, i) => (
                      <Table.Row key={i}>
                        <Table.Cell>{r.row}</Table.Cell>
                        <Table.Cell>{r.column}</Table.Cell>
                        <Table.Cell color="fg.error">{r.message}</Table.Cell>
                      </Table.Row>
                    ))}
                  </Table.Body>
                </Table.Root>
              </Table.ScrollArea>
            )}
          </Stack>
        )}
        {done && (
          <Text color="fg.success" fontWeight="medium" role="status" data-testid={`${testId}-summary`}>
            {outcome.summary}
          </Text>
        )}
      </Stack>
    </DialogShell>
  );
}
