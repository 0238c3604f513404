import { Box, Field, Input, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConnectionHandler, graphql } from 'react-relay';
import { RichTextEditor, clearDraft } from '../../../components/editor/index.tsx';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { notify } from '../../../components/toaster.tsx';
import { useMutationAction } from '../../../lib/useMutationAction.ts';
import { Problem, RequiredLabel, visibleText } from './ComposeLetterDialog.tsx';
import type { PublishNoticeDialogMutation } from './__generated__/PublishNoticeDialogMutation.graphql.ts';

const publishMutation = graphql`
  mutation PublishNoticeDialogMutation($input: PublishNoticeInput!, $connections: [ID!]!) {
    publishNotice(input: $input) {
      __typename
      ... on PublishNoticePayload {
        notice @prependNode(connections: $connections, edgeTypeName: "QueryNoticesConnectionEdge") {
          id
          title
          publishedAt
          publisherName
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

const DRAFT_KEY = 'notice-publish';

/** 发布通知 (notice.publish): a title and rich text; the new notice goes to the top of the list. */
export function PublishNoticeDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const [problems, setProblems] = useState<{ title?: string; content?: string }>({});
  const publish = useMutationAction<PublishNoticeDialogMutation>(publishMutation, (r) => r.publishNotice);
  const submit = () => {
    const p = { ...(title.trim() ? {} : { title: t('contentUi.required') }), ...(visibleText(content) ? {} : { content: t('contentUi.required') }) };
    setProblems(p);
    if (Object.keys(p).length) return;
    publish.run(
      { input: { title: title.trim(), content }, connections: [ConnectionHandler.getConnectionID('client:root', 'NoticeList_notices')] },
      {
        onDone: () => {
          clearDraft(DRAFT_KEY);
          notify('success', t('contentUi.notice.published'));
          onClose();
        },
      },
    );
  };
  return (
    <FormDialog title={t('contentUi.notice.publish')} testId="notice-dialog" onClose={onClose} onSave={submit} busy={publish.busy} error={publish.error} saveLabel={t('contentUi.notice.publishAct')} size="lg">
      <Field.Root required invalid={!!problems.title}>
        <Field.Label>
          {t('contentUi.letter.title')} <Field.RequiredIndicator />
        </Field.Label>
        <Input value={title} maxLength={200} onChange={(e) => setTitle(e.target.value)} data-testid="notice-title" />
        <Field.ErrorText>{problems.title}</Field.ErrorText>
      </Field.Root>
      {/* Not a Field.Root: its invalid state would paint the editor's own toolbar fields red. */}
      <Stack gap="1.5">
        <RequiredLabel>{t('contentUi.letter.content')}</RequiredLabel>
        <Box w="full">
          <RichTextEditor value={content} onChange={setContent} draftKey={DRAFT_KEY} label={t('contentUi.letter.content')} minHeight="240px" testId="notice-editor" />
        </Box>
        <Problem text={problems.content} testId="content-error" />
      </Stack>
    </FormDialog>
  );
}
