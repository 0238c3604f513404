import { graphql, useFragment } from 'react-relay';
import type { ArchiveRights } from './codes.ts';
import type { rights_viewer$key } from './__generated__/rights_viewer.graphql.ts';

/** The viewer's archive rights, asked once with the screen's query (`...rights_viewer`). */
export const rightsFragment = graphql`
  fragment rights_viewer on Viewer {
    create: can(right: "archive.create")
    changeStatus: can(right: "archive.changeStatus")
    lock: can(right: "archive.lock")
    assign: can(right: "archive.assign")
    delete: can(right: "archive.delete")
    import: can(right: "archive.import")
    export: can(right: "archive.export")
    backup: can(right: "archive.backup")
    sensitive: can(right: "archive.sensitive")
    verify: can(right: "archive.verify")
  }
`;

export function useArchiveRights(viewer: rights_viewer$key): ArchiveRights {
  return useFragment(rightsFragment, viewer);
}
