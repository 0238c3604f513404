import { graphql } from 'react-relay';
import { downloadExportJob } from '../../../components/list/exportJob.ts';
import { run } from '../../../relay/fetch.ts';
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

/**
 * The archive export as the server runs it (docs/jobs.md): starts the job, reports its progress
 * (0 to 1) while it runs, then downloads its file.
 */
export async function exportArchivesFile(variables: useArchiveExportStartMutation$variables, onProgress: (share: number) => void): Promise<{ fileName: string; blob: Blob }> {
  const started = (await run<useArchiveExportStartMutation['response']>(startMutation, variables)).startArchiveExport;
  return downloadExportJob(started, onProgress);
}
