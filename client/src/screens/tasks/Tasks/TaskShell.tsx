import { Box, Flex, Heading } from '@chakra-ui/react';
import { createContext, useContext, type ComponentProps, type ReactNode } from 'react';
import { DialogShell } from '../../../components/DialogShell.tsx';
import { useDirtyRegistration } from '../../../lib/dirty.ts';

/**
 * Where a task form or the task detail is drawn: in a dialog (from a list) or as a page
 * (`/mission/details/:id`, `/mission/add`, `/mission/append/:id`, reached by a link). The
 * component is the same; only its frame changes. A page's own sub-dialogs (priority,
 * reassign, ...) are dialogs again: the page frame resets the mode for what it holds.
 */
const ShellMode = createContext<'dialog' | 'page'>('dialog');

export function AsPage({ children }: { children: ReactNode }) {
  return <ShellMode.Provider value="page">{children}</ShellMode.Provider>;
}

export const useShellMode = () => useContext(ShellMode);

type ShellProps = ComponentProps<typeof DialogShell>;

/** DialogShell in a dialog; in a page: the title (or `header`), the body, the footer in view at the bottom. */
export function TaskShell(props: ShellProps) {
  const mode = useContext(ShellMode);
  // As a page, unsaved input asks before the route changes or the browser tab closes (as a dialog, DialogShell does).
  useDirtyRegistration(mode === 'page' && props.dirty === true);
  if (mode === 'dialog') return <DialogShell {...props} />;
  const { title, header, children, footer, testId, onSubmit } = props;
  const parts = (
    <>
      <Flex align="center" gap="3" pb="3" mb="3" borderBottomWidth="1px" minW="0">
        {header ?? (
          <Heading size="lg" as="h1">
            {title}
          </Heading>
        )}
      </Flex>
      <Box flex="1" minH="0" display="flex" flexDirection="column" overflowY={{ md: 'auto' }}>
        {children}
      </Box>
      {footer && (
        <Flex position="sticky" bottom="0" bg="bg.panel" borderTopWidth="1px" pt="3" mt="3" gap="2" justify="flex-end" wrap="wrap" zIndex="1">
          {footer}
        </Flex>
      )}
    </>
  );
  return (
    <ShellMode.Provider value="dialog">
      <Box
        as="section"
        aria-label={typeof title === 'string' ? title : undefined}
        data-testid={testId}
        data-page
        bg="bg.panel"
        borderWidth="1px"
        borderRadius="lg"
        p={{ base: '3', md: '5' }}
        display="flex"
        flexDirection="column"
        h={{ md: 'calc(100dvh - 132px)' }}
        minH={{ base: 'calc(100dvh - 80px)', md: '480px' }}
      >
        {onSubmit ? (
          <form onSubmit={onSubmit} noValidate style={{ display: 'flex', flexDirection: 'column', flex: '1 1 auto', minHeight: 0 }}>
            {parts}
          </form>
        ) : (
          parts
        )}
      </Box>
    </ShellMode.Provider>
  );
}
