import { Badge, Box, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

export type LogChange = { readonly field: string; readonly label: string; readonly before: string | null | undefined; readonly after: string | null | undefined; readonly masked: boolean };

/**
 * The fields a write changed, before and after, labelled in the viewer's language. A value the
 * viewer may not read arrives masked from the server and is marked so.
 */
export function ChangeTable({ changes }: { changes: ReadonlyArray<LogChange> }) {
  const { t } = useTranslation();
  if (!changes.length) {
    return (
      <Text fontSize="sm" color="fg.subtle" mt="3" data-testid="log-no-changes">
        {t('orgUi.log.noChanges')}
      </Text>
    );
  }
  const value = (v: string | null | undefined) => (v == null || v === '' ? <Text color="fg.subtle">—</Text> : <Box wordBreak="break-word">{v}</Box>);
  return (
    <Box mt="4">
      <Text fontWeight="semibold" mb="2">
        {t('orgUi.log.changes')}
      </Text>
      <Table.ScrollArea borderWidth="1px" borderRadius="md" maxH="80" tabIndex={0} aria-label={t('orgUi.log.changes')}>
        <Table.Root size="sm" aria-label={t('orgUi.log.changes')} data-testid="log-changes">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('orgUi.log.field')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('orgUi.log.before')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('orgUi.log.after')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {changes.map((c, i) => (
              <Table.Row key={`${c.field}-${i}`} data-testid="log-change">
                <Table.Cell>
                  {c.label}
                  {c.masked && (
                    <Badge ms="2" variant="subtle" colorPalette="gray" title={t('orgUi.log.masked')}>
                      {t('orgUi.log.maskedShort')}
                    </Badge>
                  )}
                </Table.Cell>
                <Table.Cell>{value(c.before)}</Table.Cell>
                <Table.Cell>{value(c.after)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
    </Box>
  );
}
