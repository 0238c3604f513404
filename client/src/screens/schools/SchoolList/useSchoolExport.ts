import { graphql } from 'react-relay';
import { downloadExportJob } from '../../../components/list/exportJob.ts';
import { run } from '../../../relay/fetch.ts';
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

/**
 * The school export as the server runs it (docs/jobs.md), as the archive list's: starts the job,
 * reports its progress (0 to 1) while it runs, then downloads its file.
 */
export async function exportSchoolsFile(variables: useSchoolExportStartMutation$variables, onProgress: (share: number) => void = () => {}): Promise<{ fileName: string; blob: Blob }> {
  const started = (await run<useSchoolExportStartMutation['response']>(startMutation, variables)).startSchoolExport;
  return downloadExportJob(started, onProgress);
}
