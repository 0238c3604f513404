import { Button, Field, Stack, Textarea } from '@chakra-ui/react';
import { FormError } from '../../../components/FormError.tsx';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogShell } from '../../../components/DialogShell.tsx';

/** 问题反馈: completing a bug (type 2) asks for feedback first; saving here completes the task. */
export function FeedbackDialog({ onClose, onSubmit, busy, error: failure }: { onClose: () => void; onSubmit: (feedback: string) => void; busy: boolean; error?: string | null }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [error, setError] = useState(false);
  return (
    <DialogShell
      title={t('tasksUi.detail.feedback')}
      onClose={onClose}
      testId="feedback-dialog"
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            {t('client.cancel')}
          </Button>
          <Button
            colorPalette="blue"
            loading={busy}
            onClick={() => {
              if (!text.trim()) return setError(true);
              onSubmit(text.trim());
            }}
            data-testid="feedback-save"
          >
            {t('tasksUi.save')}
          </Button>
        </>
      }
    >
      <Stack gap="2">
        <FormError message={failure} />
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
      </Stack>
    </DialogShell>
  );
}
