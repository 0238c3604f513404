import { Badge, Box, CloseButton, Field, Flex, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchQuery, graphql, useRelayEnvironment } from 'react-relay';
import { RichTextEditor, clearDraft } from '../../../components/editor/index.tsx';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { personName } from '../../../components/task/TaskBadges.tsx';
import { notify } from '../../../components/toaster.tsx';
import { useLang } from '../../../lib/useLang.ts';
import { useMutationAction } from '../../../lib/useMutationAction.ts';
import type { Option } from '../../../components/selectors/Combobox.tsx';
import { UserSelect } from '../../../components/selectors/UserSelect.tsx';
import type { ComposeLetterDialogDepartmentsQuery } from './__generated__/ComposeLetterDialogDepartmentsQuery.graphql.ts';
import type { ComposeLetterDialogPeopleQuery } from './__generated__/ComposeLetterDialogPeopleQuery.graphql.ts';
import type { ComposeLetterDialogSendMutation } from './__generated__/ComposeLetterDialogSendMutation.graphql.ts';

const departmentsQuery = graphql`
  query ComposeLetterDialogDepartmentsQuery {
    departments(first: 200) {
      edges {
        node {
          id
          databaseId
          name
          nameEn
          staffCount
        }
      }
    }
  }
`;

const peopleQuery = graphql`
  query ComposeLetterDialogPeopleQuery($departmentId: Int) {
    people(filter: { departmentId: $departmentId, activeOnly: true, type: STAFF }, first: 500) {
      edges {
        node {
          id
          name
          nameEn
        }
      }
    }
  }
`;

const sendMutation = graphql`
  mutation ComposeLetterDialogSendMutation($input: SendLetterInput!) {
    sendLetter(input: $input) {
      __typename
      ... on SendLetterPayload {
        recipientCount
      }
      ... on Error {
        message
      }
    }
  }
`;

const DRAFT_KEY = 'letter-compose';

/** The visible text of rich text (what the server's length and emptiness rules count). */
export function visibleText(html: string): string {
  return new DOMParser().parseFromString(html, 'text/html').body.textContent?.trim() ?? '';
}

/** A required field's label where Field.Root cannot be used (a group of fields, the editor). */
export function RequiredLabel({ children }: { children: React.ReactNode }) {
  return (
    <Text fontSize="sm" fontWeight="medium">
      {children}{' '}
      <Text as="span" color="fg.error" aria-hidden>
        *
      </Text>
    </Text>
  );
}

/** A field problem under such a group. */
export function Problem({ text, testId }: { text?: string; testId: string }) {
  return text ? (
    <Text fontSize="xs" color="fg.error" role="alert" data-testid={testId}>
      {text}
    </Text>
  ) : null;
}

/** The title and the rich-text content of a letter or a notice, each with its problem. */
export function TitleAndContent({
  title,
  onTitle,
  content,
  onContent,
  problems,
  draftKey,
  minHeight,
  testId,
}: {
  title: string;
  onTitle: (title: string) => void;
  content: string;
  onContent: (content: string) => void;
  problems: { title?: string; content?: string };
  draftKey: string | undefined;
  minHeight: string;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Field.Root required invalid={!!problems.title}>
        <Field.Label>
          {t('contentUi.letter.title')} <Field.RequiredIndicator />
        </Field.Label>
        <Input value={title} maxLength={200} onChange={(e) => onTitle(e.target.value)} data-testid={`${testId}-title`} />
        <Field.ErrorText>{problems.title}</Field.ErrorText>
      </Field.Root>
      {/* Not a Field.Root: its invalid state would paint the editor's own toolbar fields red. */}
      <Stack gap="1.5">
        <RequiredLabel>{t('contentUi.letter.content')}</RequiredLabel>
        <Box w="full">
          <RichTextEditor value={content} onChange={onContent} draftKey={draftKey} label={t('contentUi.letter.content')} minHeight={minHeight} testId={`${testId}-editor`} />
        </Box>
        <Problem text={problems.content} testId="content-error" />
      </Stack>
    </>
  );
}

type Department = { id: string; databaseId: number; name: string; nameEn?: string | null; staffCount: number };

/**
 * 写信: recipients (people one by one, or everyone of a department at once; the server keeps
 * only people the sender may see, active, with an account), a title and rich text.
 */
export function ComposeLetterDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const environment = useRelayEnvironment();
  const [recipients, setRecipients] = useState<Option[]>([]);
  const [departments, setDepartments] = useState<readonly Department[]>([]);
  const [department, setDepartment] = useState('');
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const [problems, setProblems] = useState<{ to?: string; title?: string; content?: string }>({});
  const send = useMutationAction<ComposeLetterDialogSendMutation, ComposeLetterDialogSendMutation['response']['sendLetter']>(sendMutation, (r) => r.sendLetter);

  useEffect(() => {
    let live = true;
    fetchQuery<ComposeLetterDialogDepartmentsQuery>(environment, departmentsQuery, {}, { fetchPolicy: 'store-or-network' })
      .toPromise()
      .then((d) => live && setDepartments(d?.departments.edges.map((e) => e.node) ?? []))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [environment]);

  const addAll = (more: Option[]) => {
    setRecipients((now) => [...now, ...more.filter((o) => !now.some((r) => r.id === o.id))]);
    setProblems((p) => ({ ...p, to: undefined }));
  };
  const addDepartment = async (databaseId: string) => {
    setDepartment(databaseId);
    if (!databaseId) return;
    try {
      const d = await fetchQuery<ComposeLetterDialogPeopleQuery>(environment, peopleQuery, { departmentId: Number(databaseId) }, { fetchPolicy: 'network-only' }).toPromise();
      const people = d?.people.edges.map(({ node }) => ({ id: node.id, label: personName(node, lang) })) ?? [];
      if (!people.length) notify('info', t('contentUi.letter.departmentEmpty'));
      addAll(people);
    } catch (e) {
      notify('error', (e as Error).message);
    } finally {
      setDepartment('');
    }
  };
  const check = () => {
    const p: typeof problems = {};
    if (!recipients.length) p.to = t('contentUi.letter.noRecipients');
    if (!title.trim()) p.title = t('contentUi.required');
    if (!visibleText(content)) p.content = t('contentUi.required');
    return p;
  };
  const submit = () => {
    const found = check();
    setProblems(found);
    if (Object.keys(found).length) return;
    send.run(
      { input: { recipientIds: recipients.map((r) => r.id), title: title.trim(), content } },
      {
        onDone: (a) => {
          clearDraft(DRAFT_KEY);
          notify('success', t('contentUi.letter.sent', { count: a.__typename === 'SendLetterPayload' ? (a.recipientCount ?? recipients.length) : recipients.length }));
          onClose();
        },
      },
    );
  };
  return (
    <FormDialog title={t('contentUi.letter.compose')} testId="letter-dialog" onClose={onClose} onSave={submit} busy={send.busy} error={send.error} saveLabel={t('contentUi.letter.send')} size="lg">
      <Stack gap="1.5">
        <RequiredLabel>{t('contentUi.letter.to')}</RequiredLabel>
        <Stack gap="2" w="full">
          <Flex gap="2" wrap="wrap" w="full">
            <Box flex="1" minW="56">
              <UserSelect value={null} onChange={(o) => o && addAll([o])} label={t('contentUi.letter.addPerson')} testId="letter-to" />
            </Box>
            {departments.length > 0 && (
              <NativeSelect.Root width={{ base: 'full', sm: '56' }}>
                <NativeSelect.Field aria-label={t('contentUi.letter.addDepartment')} value={department} onChange={(e) => void addDepartment(e.target.value)} data-testid="letter-department">
                  <option value="">{t('contentUi.letter.addDepartment')}</option>
                  {departments.map((d) => (
                    <option key={d.databaseId} value={d.databaseId}>
                      {`${personName(d, lang)} (${d.staffCount})`}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            )}
          </Flex>
          {recipients.length > 0 && (
            <Flex gap="1" wrap="wrap" data-testid="letter-recipients" aria-label={t('contentUi.letter.to')}>
              {recipients.map((r) => (
                <Badge key={r.id} variant="subtle" colorPalette="blue" size="lg" pe="0">
                  {r.label}
                  <CloseButton size="2xs" aria-label={t('contentUi.letter.removeRecipient', { name: r.label })} onClick={() => setRecipients((now) => now.filter((x) => x.id !== r.id))} />
                </Badge>
              ))}
            </Flex>
          )}
          <Text fontSize="xs" color="fg.subtle">
            {t('contentUi.letter.recipientCount', { count: recipients.length })}
          </Text>
        </Stack>
        <Problem text={problems.to} testId="to-error" />
      </Stack>
      <TitleAndContent title={title} onTitle={setTitle} content={content} onContent={setContent} problems={problems} draftKey={DRAFT_KEY} minHeight="200px" testId="letter" />
    </FormDialog>
  );
}
