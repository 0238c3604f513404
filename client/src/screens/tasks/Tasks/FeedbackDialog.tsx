import { Field, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/FormDialog.tsx';

/** 问题反馈: completing a bug (type 2) asks for feedback first; saving here completes the task. */
export function FeedbackDialog({ onClose, onSubmit, busy, error: failure }: { onClose: () => void; onSubmit: (feedback: string) => void; busy: boolean; error?: string | null }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [error, setError] = useState(false);
  return (
    <FormDialog
      title={t('tasksUi.detail.feedback')}
      onClose={onClose}
      onSave={() => {
        if (!text.trim()) return setError(true);
        onSubmit(text.trim());
      }}
      busy={busy}
      error={failure}
      testId="feedback-dialog"
    >
      <Field.Root required invalid={error}>
        <Field.Label>
          {t('tasksUi.detail.feedbackLabel')}
          <Field.RequiredIndicator />
        </Field.Label>
        <Textarea
          rows={5}
          value={text}
          maxLength={2000}
          onChange={(e) => {
            setText(e.target.value);
            setError(false);
          }}
          placeholder={t('tasksUi.detail.feedbackPlaceholder')}
          data-testid="feedback-text"
        />
        {error && <Field.ErrorText data-testid="feedback-error">{t('task.feedbackRequired')}</Field.ErrorText>}
      </Field.Root>
    </FormDialog>
  );
}
