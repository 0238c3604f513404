import { graphql } from 'react-relay';
import { t } from '../../../i18n/index.ts';
import { fetchDownload } from '../../../components/list/fetchDownload.ts';
import { run } from '../../../relay/fetch.ts';
import type { useArchiveExportJobQuery, useArchiveExportJobQuery$data } from './__generated__/useArchiveExportJobQuery.graphql.ts';
import type { useArchiveExportStartMutation, useArchiveExportStartMutation$variables } from './__generated__/useArchiveExportStartMutation.graphql.ts';

const startMutation = graphql`
  mutation useArchiveExportStartMutation($filter: ArchiveFilter, $order: ArchiveOrder) {
    startArchiveExport(filter: $filter, order: $order) {
      __typename
      ... on ExportJob {
        id
      }
      ... on Error {
        message
      }
    }
  }
`;

const jobQuery = graphql`
  query useArchiveExportJobQuery($id: ID!) {
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

type Job = Extract<NonNullable<useArchiveExportJobQuery$data['node']>, { __typename: 'ExportJob' }>;

const POLL_MS = 700;

/**
 * The archive export as the server runs it (docs/jobs.md): starts the job, reports its progress
 * (0 to 1) while it runs, then downloads its file.
 */
export async function exportArchivesFile(variables: useArchiveExportStartMutation$variables, onProgress: (share: number) => void): Promise<{ fileName: string; blob: Blob }> {
  const started = (await run<useArchiveExportStartMutation['response']>(startMutation, variables)).startArchiveExport;
  if (started.__typename !== 'ExportJob') throw new Error(('message' in started ? started.message : null) || t('transport.unknown'));
  for (;;) {
    const node = (await run<useArchiveExportJobQuery['response']>(jobQuery, { id: started.id })).node;
    if (node?.__typename !== 'ExportJob') throw new Error(t('transport.unknown'));
    const job = node as Job;
    onProgress(job.progress);
    if (job.state === 'DONE' && job.downloadUrl) return fetchDownload(job.downloadUrl, job.fileName);
    if (job.state === 'FAILED') throw new Error(job.message || t('transport.unknown'));
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}
