import { Box, Button, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../lib/useLang.ts';
import { deptName, flattenDepts, type Dept } from '../../departments/index.ts';

/**
 * The department tree beside the staff list: "all" and each department (indented by depth,
 * with its staff count); the chosen one is pressed. `selected` is the department's database id.
 */
export function DeptTreeNav({ tree, selected, onSelect }: { tree: ReadonlyArray<Dept>; selected: string; onSelect: (databaseId: string) => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const item = (key: string, label: string, value: string, depth: number, count?: number) => (
    <Button
      key={key}
      size="sm"
      variant="ghost"
      justifyContent="start"
      pl={`${2 + depth * 4}`}
      bg={selected === value ? 'bg.selected' : undefined}
      aria-pressed={selected === value}
      onClick={() => onSelect(value)}
      title={label}
      data-testid={`dept-nav-${value || 'all'}`}
      fontWeight={selected === value ? 'semibold' : 'normal'}
      w="full"
    >
      <Text as="span" truncate flex="1" textAlign="start">
        {label}
      </Text>
      {count !== undefined && (
        <Text as="span" fontSize="xs" color="fg.subtle">
          {count}
        </Text>
      )}
    </Button>
  );
  return (
    <Box as="nav" aria-label={t('orgUi.col.department')} data-testid="dept-nav">
      <Stack gap="0.5">
        {item('all', t('orgUi.dept.all'), '', 0)}
        {flattenDepts(tree).map((f) => item(f.dept.id, deptName(f.dept, lang), String(f.dept.databaseId), f.depth, f.dept.staffCount))}
      </Stack>
    </Box>
  );
}
