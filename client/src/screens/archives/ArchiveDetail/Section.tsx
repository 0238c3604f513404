import { Badge, Box, Button, Card, Flex, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { EyeOff, Pencil } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql } from 'react-relay';
import { DraftOffer } from '../../../components/DraftOffer.tsx';
import { FormError } from '../../../components/FormError.tsx';
import { focusFirstInvalid } from '../../../lib/focusInvalid.ts';
import { useDirtyRegistration, useDraft } from '../../../lib/dirty.ts';
import { notify } from '../../../components/toaster.tsx';
import { fieldsOf, isMasked, labelOf, problemsOf, toInput, toValues, type FieldDef, type SectionDef, type Values } from '../shared/fields.ts';
import { SectionFields } from './FieldInput.tsx';
import { SaveContext, useSave, type Options, type Row, type SectionContext } from './sectionSave.ts';
import { ListSection } from './SectionRows.tsx';
import { ReadFields } from './ReadFields.tsx';
import type { GraphQLTaggedNode } from 'relay-runtime';

export type { SectionContext };

/** What every section's save answers (spread unmasked in each section's mutation, sections/). */
void graphql`
  fragment Section_saved on SaveArchiveSectionPayload {
    savedIds
    archive {
      id
      updatedAt
      ...ArchiveDetailVerification_archive
    }
  }
`;

/** An attachment of a row (educations, awards, multimedia), spread unmasked. */
void graphql`
  fragment Section_file on ArchiveFile {
    id
    fileName
    size
    mimeType
    downloadUrl
  }
`;

/** One exam's scores (Vericant, TOEFL Jr., TOEFL, SSAT, various exams: one type), spread unmasked. */
void graphql`
  fragment Section_examScore on ArchiveExamScore {
    id
    databaseId
    examName
    examDate
    interviewType
    listening
    reading
    speaking
    writing
    languageForm
    verbal
    quantitative
    total
    percentile
    prepType
    note
  }
`;

/**
 * One section of the archive (docs/archives-ui.md): reads as text; a one-row section (bio,
 * family, survey) turns into a form in place with its own Save and Cancel; a list section adds
 * and edits rows in a dialog, deletes a row after confirming, and keeps the rows' attachments
 * (upload with progress, download by link). Saving one section never touches another's input.
 */
/** What a section's view (sections/) is given; it adds its own data and save. */
export type SectionViewProps = { section: SectionDef; archive: unknown; ctx: SectionContext };

export function Section({ section, data: read, save, field, options = {}, ctx }: Omit<SectionViewProps, 'archive'> & { data: unknown; save: GraphQLTaggedNode; field: string; options?: Options }) {
  const { t } = useTranslation();
  const data = read as Record<string, unknown> | null;
  const value = data?.[section.key] as Row | ReadonlyArray<Row | null> | null | undefined;
  const fields = fieldsOf(section, { showScore: data?.isShowScore === true });
  const anyMasked = fields.some((f) => isMasked(f, ctx.sensitive));
  return (
    <SaveContext.Provider value={{ mutation: save, field }}>
      <Card.Root id={`section-${section.key}`} size="sm" scrollMarginTop="24" data-testid={`section-${section.key}`}>
        <Card.Header>
          <Flex align="center" gap="2" wrap="wrap">
            <Heading as="h2" size="md" flex="1" minW="0">
              {t(`archivesUi.s.${section.key}`)}
            </Heading>
            {ctx.verification && (
              <Badge colorPalette={ctx.verification.palette} variant="subtle" data-testid={`section-${section.key}-verified`}>
                {ctx.verification.text}
              </Badge>
            )}
            {!ctx.editable && (
              <Badge variant="outline" colorPalette="gray" data-testid={`section-${section.key}-readonly`}>
                {ctx.locked ? t('archivesUi.locked') : t('archivesUi.detail.readOnly')}
              </Badge>
            )}
          </Flex>
          {anyMasked && (
            <Text fontSize="xs" color="fg.muted" display="flex" alignItems="center" gap="1" data-testid={`section-${section.key}-masked`}>
              <EyeOff size={12} aria-hidden /> {t('archivesUi.masked')}
            </Text>
          )}
        </Card.Header>
        <Card.Body>
          {section.single ? (
            <SingleSection section={section} fields={fields} row={(value as Row | null) ?? null} ctx={ctx} />
          ) : (
            <ListSection section={section} fields={fields} rows={((value as ReadonlyArray<Row | null> | null) ?? []).filter((r): r is Row => !!r)} ctx={ctx} options={options} />
          )}
        </Card.Body>
      </Card.Root>
    </SaveContext.Provider>
  );
}

function SingleSection({ section, fields, row, ctx }: { section: SectionDef; fields: FieldDef[]; row: Row | null; ctx: SectionContext }) {
  const { t } = useTranslation();
  const idPrefix = useId();
  const [editing, setEditing] = useState<Values | null>(null);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const save = useSave();
  const form = useRef<HTMLFormElement>(null);
  const check = (values: Values) => problemsOf(section, fields, values, ctx.sensitive, t);
  // Unsaved input: kept as a draft per user, archive and section (a session ended elsewhere
  // loses nothing) and asked about before the tab closes (docs/ui-kit.md).
  const dirty = !!editing && JSON.stringify(editing) !== JSON.stringify(toValues(fields, row));
  useDirtyRegistration(dirty);
  const draft = useDraft<Values>(ctx.editable ? `archive:${ctx.archiveId}:${section.key}` : null, editing ?? {}, dirty);
  const [afterSave, setAfterSave] = useState(0);
  useEffect(() => {
    // Saved: the section, now read-only and shorter, stays where the eye was.
    if (afterSave) document.getElementById(`section-${section.key}`)?.scrollIntoView({ block: 'nearest' });
  }, [afterSave, section.key]);
  const submit = () => {
    if (!editing) return;
    const found = check(editing);
    setProblems(found);
    if (Object.keys(found).length) return focusFirstInvalid(form.current);
    save.run(
      { input: { archiveId: ctx.archiveId, ...toInput(fields, editing, ctx.sensitive) } },
      {
        onDone: () => {
          notify('success', t('archivesUi.saved'));
          setEditing(null);
          setAfterSave((n) => n + 1);
        },
      },
    );
  };
  const offer = draft.offered && !editing && <DraftOffer savedAt={draft.offered.savedAt} onRestore={() => setEditing(draft.take())} onDrop={draft.drop} testId={`section-${section.key}-draft`} />;
  if (!editing) {
    return (
      <Stack gap="3">
        {offer}
        <ReadFields section={section} fields={fields} row={row ?? {}} />
        {ctx.editable && (
          <Box>
            <Button size="sm" variant="outline" onClick={() => setEditing(toValues(fields, row))} data-testid={`section-${section.key}-edit`}>
              <Pencil size={14} /> {t('archivesUi.detail.edit')}
            </Button>
          </Box>
        )}
      </Stack>
    );
  }
  const invalid = fields.filter((f) => problems[f.name]).map((f) => labelOf(section, f, t));
  return (
    <form
      ref={form}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      data-testid={`section-${section.key}-form`}
    >
      <Stack gap="3">
        <SectionFields section={section} fields={fields} values={editing} onValues={setEditing} problems={problems} setProblems={setProblems} check={check} sensitive={ctx.sensitive} idPrefix={idPrefix} />
        <HStack justify="end" wrap="wrap">
          {/* The summary where the eye is: beside the button just pressed. */}
          <Box flex="1" minW="48">
            <FormError message={save.error ?? (invalid.length ? t('client.form.fixFields', { fields: invalid.join(t('client.listSeparator')) }) : null)} testId={`section-${section.key}-error`} />
          </Box>
          <Button variant="outline" onClick={() => (setEditing(null), setProblems({}), save.setError(null))}>
            {t('archivesUi.detail.cancel')}
          </Button>
          <Button type="submit" colorPalette="blue" loading={save.busy} data-testid={`section-${section.key}-save`}>
            {t('archivesUi.detail.save')}
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
