import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConnectionHandler, graphql } from 'react-relay';
import { clearDraft } from '../../../components/editor/index.tsx';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { notify } from '../../../components/toaster.tsx';
import { useMutationAction } from '../../../lib/useMutationAction.ts';
import { TitleAndContent, visibleText } from './ComposeLetterDialog.tsx';
import type { PublishNoticeDialogMutation } from './__generated__/PublishNoticeDialogMutation.graphql.ts';
import type { PublishNoticeDialogUpdateMutation } from './__generated__/PublishNoticeDialogUpdateMutation.graphql.ts';

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

const updateMutation = graphql`
  mutation PublishNoticeDialogUpdateMutation($input: UpdateNoticeInput!) {
    updateNotice(input: $input) {
      __typename
      ... on UpdateNoticePayload {
        notice {
          id
          title
          content
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

const DRAFT_KEY = 'notice-publish';

/**
 * 发布通知 (notice.publish): a title and rich text; the new notice goes to the top of the list.
 * With `notice`, the same dialog edits a published one (no draft: the text is the notice's).
 */
export function PublishNoticeDialog({ onClose, notice }: { onClose: () => void; notice?: { id: string; title: string; content: string } }) {
  const { t } = useTranslation();
  const [title, setTitle] = useState(notice?.title ?? '');
  const [content, setContent] = useState(notice?.content ?? '');
  const update = useMutationAction<PublishNoticeDialogUpdateMutation>(updateMutation, (r) => r.updateNotice);
  const [problems, setProblems] = useState<{ title?: string; content?: string }>({});
  const publish = useMutationAction<PublishNoticeDialogMutation>(publishMutation, (r) => r.publishNotice);
  const submit = () => {
    const p = { ...(title.trim() ? {} : { title: t('contentUi.required') }), ...(visibleText(content) ? {} : { content: t('contentUi.required') }) };
    setProblems(p);
    if (Object.keys(p).length) return;
    if (notice) {
      update.run(
        { input: { noticeId: notice.id, title: title.trim(), content } },
        {
          onDone: () => {
            notify('success', t('contentUi.saved'));
            onClose();
          },
        },
      );
      return;
    }
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
    <FormDialog
      title={t(notice ? 'contentUi.notice.edit' : 'contentUi.notice.publish')}
      testId="notice-dialog"
      onClose={onClose}
      onSave={submit}
      busy={publish.busy || update.busy}
      error={publish.error ?? update.error}
      saveLabel={notice ? t('contentUi.save') : t('contentUi.notice.publishAct')}
      size="lg"
    >
      <TitleAndContent title={title} onTitle={setTitle} content={content} onContent={setContent} problems={problems} draftKey={notice ? undefined : DRAFT_KEY} minHeight="240px" testId="notice" />
    </FormDialog>
  );
}
