import { graphql } from 'react-relay';
import { t } from '../../i18n/index.ts';
import { run } from '../../relay/fetch.ts';
import { fetchDownload } from './fetchDownload.ts';
import type { exportJobQuery, exportJobQuery$data } from './__generated__/exportJobQuery.graphql.ts';

const jobQuery = graphql`
  query exportJobQuery($id: ID!) {
    node(id: $id) {
      __typename
      ... on ExportJob {
        state
        progress
        fileName
        downloadUrl
        message
      }
    }
  }
`;

/** A finished export job (docs/jobs.md): DONE with its file, or FAILED with a translated message. */
export type ExportJob = Extract<NonNullable<exportJobQuery$data['node']>, { __typename: 'ExportJob' }>;

/** What a `start…Export` mutation answers: the job, or a refusal with its message. */
type Started = { readonly __typename: string; readonly id?: string; readonly message?: string | null };

const POLL_MS = 700;

/**
 * Follows an export job the server runs (docs/jobs.md) from what its start mutation answered:
 * reports its share done (0 to 1) while it runs and answers the finished job. A refusal throws its
 * message.
 */
export async function waitForExportJob(started: Started, onProgress: (share: number) => void = () => {}): Promise<ExportJob> {
  if (started.__typename !== 'ExportJob' || !started.id) throw new Error(started.message || t('transport.unknown'));
  for (;;) {
    const node = (await run<exportJobQuery['response']>(jobQuery, { id: started.id })).node;
    if (node?.__typename !== 'ExportJob') throw new Error(t('transport.unknown'));
    onProgress(node.progress);
    if (node.state === 'DONE' || node.state === 'FAILED') return node;
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}

/** Follows the job to its end and downloads its file; a failed job throws its message. */
export async function downloadExportJob(started: Started, onProgress?: (share: number) => void): Promise<{ fileName: string; blob: Blob }> {
  const job = await waitForExportJob(started, onProgress);
  if (job.state !== 'DONE' || !job.downloadUrl) throw new Error(job.message || t('transport.unknown'));
  return fetchDownload(job.downloadUrl, job.fileName);
}
