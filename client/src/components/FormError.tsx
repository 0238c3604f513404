import { Alert } from '@chakra-ui/react';

/**
 * What the server or the network refused, at the top of a dialog's body (the dialog stays open
 * with what was typed). Field problems go under their fields instead (Field.ErrorText).
 */
export function FormError({ message, testId = 'form-error' }: { message: string | null | undefined; testId?: string }) {
  if (!message) return null;
  return (
    <Alert.Root status="error" data-testid={testId}>
      <Alert.Indicator />
      <Alert.Title>{message}</Alert.Title>
    </Alert.Root>
  );
}
