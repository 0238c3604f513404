import { graphql } from 'react-relay';
import { t } from '../../../i18n/index.ts';
import { fetchDownload } from '../../../components/list/fetchDownload.ts';
import { run } from '../../../relay/fetch.ts';
import type { useSchoolExportJobQuery, useSchoolExportJobQuery$data } from './__generated__/useSchoolExportJobQuery.graphql.ts';
import type { useSchoolExportStartMutation, useSchoolExportStartMutation$variables } from './__generated__/useSchoolExportStartMutation.graphql.ts';

const startMutation = graphql`
  mutation useSchoolExportStartMutation($filter: SchoolFilter) {
    startSchoolExport(filter: $filter) {
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
  query useSchoolExportJobQuery($id: ID!) {
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

type Job = Extract<NonNullable<useSchoolExportJobQuery$data['node']>, { __typename: 'ExportJob' }>;

const POLL_MS = 700;

/**
 * The school export as the server runs it (docs/jobs.md), as the archive list's: starts the job,
 * reports its progress (0 to 1) while it runs, then downloads its file.
 */
export async function exportSchoolsFile(variables: useSchoolExportStartMutation$variables, onProgress: (share: number) => void = () => {}): Promise<{ fileName: string; blob: Blob }> {
  const started = (await run<useSchoolExportStartMutation['response']>(startMutation, variables)).startSchoolExport;
  if (started.__typename !== 'ExportJob') throw new Error(('message' in started ? started.message : null) || t('transport.unknown'));
  for (;;) {
    const node = (await run<useSchoolExportJobQuery['response']>(jobQuery, { id: started.id })).node;
    if (node?.__typename !== 'ExportJob') throw new Error(t('transport.unknown'));
    const job = node as Job;
    onProgress(job.progress);
    if (job.state === 'DONE' && job.downloadUrl) return fetchDownload(job.downloadUrl, job.fileName);
    if (job.state === 'FAILED') throw new Error(job.message || t('transport.unknown'));
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}
