import { DataList, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { display, labelOf, wide, type FieldDef, type SectionDef } from '../shared/fields.ts';

/** A row read as text: the fields that have a value, labelled, wide ones across both columns. */
export function ReadFields({ section, fields, row }: { section: SectionDef; fields: readonly FieldDef[]; row: Record<string, unknown> }) {
  const { t } = useTranslation();
  const shown = fields.filter((f) => row[f.name] !== null && row[f.name] !== undefined && row[f.name] !== '');
  if (!shown.length) {
    return (
      <Text color="fg.subtle" fontSize="sm">
        {t('archivesUi.detail.empty')}
      </Text>
    );
  }
  return (
    <DataList.Root orientation="horizontal" size="sm" display="grid" gridTemplateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="2">
      {shown.map((f) => (
        <DataList.Item key={f.name} gridColumn={wide(f) ? { md: 'span 2' } : undefined} alignItems="start" data-testid={`value-${f.name}`}>
          <DataList.ItemLabel minW="28">{labelOf(section, f, t)}</DataList.ItemLabel>
          <DataList.ItemValue whiteSpace="pre-wrap" wordBreak="break-word">
            {display(section, f, row[f.name], t)}
          </DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}
