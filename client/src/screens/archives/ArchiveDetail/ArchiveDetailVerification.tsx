import { Button, Card, Flex, Heading, Stack, Table, Text } from '@chakra-ui/react';
import { Suspense, useState, type ReactNode } from 'react';
import { DialogLoading } from '../../../components/DialogShell.tsx';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment } from 'react-relay';
import { personName } from '../../../components/task/TaskBadges.tsx';
import { useFormat } from '../../../lib/useFormat.ts';
import { useLang } from '../../../lib/useLang.ts';
import { VerificationBadge } from '../shared/badges.tsx';
import { useModuleName } from '../shared/moduleNames.tsx';
import { VerifyDialog } from '../shared/VerifyDialog.tsx';
import type { ArchiveDetailVerification_archive$data, ArchiveDetailVerification_archive$key } from './__generated__/ArchiveDetailVerification_archive.graphql.ts';
import { ActionsHeader } from '../../../components/list/DataTable.tsx';

const fragment = graphql`
  fragment ArchiveDetailVerification_archive on Archive {
    verifications(first: 1) {
      edges {
        node {
          id
          number
          title
          status
          createdAt
          createdBy {
            id
            name
            nameEn
          }
          modules {
            id
            moduleCode
            moduleName
            ...VerifyDialog_module @relay(mask: false)
          }
        }
      }
    }
  }
`;

export type Verification = NonNullable<ArchiveDetailVerification_archive$data['verifications']['edges'][number]['node']>;

export function useLatestVerification(archive: ArchiveDetailVerification_archive$key): Verification | null {
  const data = useFragment(fragment, archive);
  return data.verifications.edges[0]?.node ?? null;
}

/** The module of the latest task that covers a section (its own module, or its top-level one). */
export function moduleFor(task: Verification | null, module: string): Verification['modules'][number] | undefined {
  if (!task) return undefined;
  return task.modules.find((m) => m.moduleCode === module) ?? task.modules.find((m) => m.moduleCode === module.split('.')[0]);
}

/**
 * The latest verification task of the archive: its modules with who verified each and when;
 * verifiers verify or send back a module from here (VerifyDialog, with the section's content).
 */
export function VerificationCard({ task, archiveName, canVerify, preview }: { task: Verification | null; archiveName: string; canVerify: boolean; preview: (moduleCode: string) => ReactNode }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const lang = useLang();
  const [open, setOpen] = useState<string | null>(null);
  const moduleName = useModuleName();
  const module = task?.modules.find((m) => m.id === open);
  return (
    <Card.Root id="section-verification" size="sm" scrollMarginTop="24" data-testid="section-verification">
      <Card.Header>
        <Flex align="center" gap="2" wrap="wrap">
          <Heading as="h2" size="md" flex="1">
            {t('archivesUi.detail.verifications')}
          </Heading>
          {task && (
            <>
              <Text fontSize="sm" color="fg.muted">
                {task.number}
              </Text>
              <VerificationBadge status={task.status} />
            </>
          )}
        </Flex>
      </Card.Header>
      <Card.Body>
        {!task ? (
          <Text color="fg.subtle" fontSize="sm">
            {t('archivesUi.detail.noVerification')}
          </Text>
        ) : (
          <Stack gap="2">
            <Text fontSize="sm" color="fg.muted">
              {task.title} · {t('archivesUi.verify.submittedBy')} {personName(task.createdBy, lang)} · {fmt.dateTime(task.createdAt as string)}
            </Text>
            <Table.ScrollArea borderWidth="1px" borderRadius="md">
              <Table.Root size="sm" aria-label={t('archivesUi.verify.modules')} data-testid="verification-modules">
                <Table.Header>
                  <Table.Row bg="bg.subtle">
                    <Table.ColumnHeader>{t('archivesUi.verify.module')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t('archivesUi.verify.status')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t('archivesUi.verify.verifier')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t('archivesUi.verify.note')}</Table.ColumnHeader>
                    {canVerify && <ActionsHeader />}
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {task.modules.map((m) => (
                    <Table.Row key={m.id} data-testid={`verification-module-${m.moduleCode}`}>
                      <Table.Cell>{moduleName(m.moduleCode, m.moduleName)}</Table.Cell>
                      <Table.Cell>
                        <VerificationBadge status={m.status} />
                      </Table.Cell>
                      <Table.Cell>{m.verifier ? `${personName(m.verifier, lang)} · ${m.verifiedAt ? fmt.dateTime(m.verifiedAt as string) : ''}` : ''}</Table.Cell>
                      <Table.Cell>{m.note ?? ''}</Table.Cell>
                      {canVerify && (
                        <Table.Cell textAlign="end">
                          <Button size="xs" variant="outline" onClick={() => setOpen(m.id)} data-testid={`verify-${m.moduleCode}`}>
                            {t(m.status === 'VERIFIED' ? 'archivesUi.verify.sendBack' : 'archivesUi.verify.open')}
                          </Button>
                        </Table.Cell>
                      )}
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Table.ScrollArea>
          </Stack>
        )}
      </Card.Body>
      {module && task && (
        <Suspense fallback={<DialogLoading title={t('archivesUi.verify.dialog', { name: moduleName(module.moduleCode, module.moduleName) })} onClose={() => setOpen(null)} testId="verify-dialog-loading" size="lg" />}>
          <VerifyDialog archiveName={archiveName} module={module} verificationId={task.id} onClose={() => setOpen(null)}>
            {preview(module.moduleCode)}
          </VerifyDialog>
        </Suspense>
      )}
    </Card.Root>
  );
}
