import { Button, Flex, Heading } from '@chakra-ui/react';
import { Plus } from 'lucide-react';
import type { ReactNode } from 'react';

/** A list page's title row: the heading, and its actions at the end (wrapping on a phone). */
export function PageHeader({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <Flex align="center" gap="2" wrap="wrap">
      <Heading size="lg" flex="1" minW="40">
        {title}
      </Heading>
      {children}
    </Flex>
  );
}

/** The page's "add" action (a plus and a label). */
export function AddButton({ label, onClick, testId }: { label: string; onClick: () => void; testId: string }) {
  return (
    <Button size="sm" colorPalette="blue" onClick={onClick} data-testid={testId}>
      <Plus size={16} /> {label}
    </Button>
  );
}
