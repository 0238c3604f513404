import { Button } from '@chakra-ui/react';
import { Pencil, Undo2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConnectionHandler, graphql } from 'react-relay';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/list/ConfirmDialog.tsx';
import { notify } from '../../../components/toaster.tsx';
import { useMutationAction } from '../../../lib/useMutationAction.ts';
import { PublishNoticeDialog } from '../NoticeList/PublishNoticeDialog.tsx';
import type { NoticeActionsWithdrawMutation } from './__generated__/NoticeActionsWithdrawMutation.graphql.ts';
import { AFTER_SAVE } from '../../../lib/dirty.ts';

const withdrawMutation = graphql`
  mutation NoticeActionsWithdrawMutation($input: NoticeRefInput!, $connections: [ID!]!) {
    withdrawNotice(input: $input) {
      __typename
      ... on WithdrawNoticePayload {
        withdrawnNoticeId @deleteEdge(connections: $connections)
      }
      ... on Error {
        message
      }
    }
  }
`;

/** Edit and withdraw of a notice, for those who may publish (notice.publish). */
export function NoticeActions({ notice }: { notice: { id: string; title: string; content: string } }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState<'edit' | 'withdraw' | null>(null);
  const withdraw = useMutationAction<NoticeActionsWithdrawMutation>(withdrawMutation, (r) => r.withdrawNotice);
  return (
    <>
      <Button size="sm" variant="outline" onClick={() => setOpen('edit')} data-testid="notice-edit">
        <Pencil size={14} /> {t('contentUi.edit')}
      </Button>
      <Button size="sm" variant="outline" colorPalette="red" onClick={() => setOpen('withdraw')} data-testid="notice-withdraw">
        <Undo2 size={14} /> {t('contentUi.notice.withdraw')}
      </Button>
      {open === 'edit' && <PublishNoticeDialog notice={notice} onClose={() => setOpen(null)} />}
      {open === 'withdraw' && (
        <ConfirmDialog
          title={t('contentUi.notice.withdrawTitle')}
          message={t('contentUi.notice.withdrawMessage', { title: notice.title })}
          confirmLabel={t('contentUi.notice.withdraw')}
          destructive
          busy={withdraw.busy}
          error={withdraw.error}
          onClose={() => setOpen(null)}
          onConfirm={() =>
            withdraw.run(
              { input: { noticeId: notice.id }, connections: [ConnectionHandler.getConnectionID('client:root', 'NoticeList_notices')] },
              {
                onDone: () => {
                  notify('success', t('contentUi.notice.withdrawn'));
                  navigate('/notice', { replace: true, ...AFTER_SAVE });
                },
              },
            )
          }
          testId="notice-withdraw-dialog"
        />
      )}
    </>
  );
}
