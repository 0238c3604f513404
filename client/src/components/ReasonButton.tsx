import { Box, Button, Text, type ButtonProps } from '@chakra-ui/react';
import { useId } from 'react';

/**
 * A button that is offered only when it will succeed (docs/ui-kit.md, "Offer only what will
 * succeed"): with a `reason` (from a `viewerCan…` field or the state's allowed transitions, said
 * in the catalogue's words) it is disabled and the reason shows under it, tied to the button with
 * `aria-describedby`, so a pointer, a finger and a screen reader all learn why.
 */
export function ReasonButton({ reason, disabled, children, testId, ...props }: ButtonProps & { reason?: string | null; testId?: string }) {
  const id = useId();
  const blocked = !!reason;
  return (
    <Box display="inline-flex" flexDirection="column" alignItems="flex-end" gap="0.5" title={reason ?? undefined}>
      <Button {...props} disabled={disabled || blocked} aria-describedby={blocked ? id : undefined} data-testid={testId}>
        {children}
      </Button>
      {blocked && (
        <Text id={id} fontSize="xs" color="fg.subtle" data-testid={testId && `${testId}-reason`}>
          {reason}
        </Text>
      )}
    </Box>
  );
}
