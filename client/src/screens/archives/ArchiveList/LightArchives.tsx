import { NewArchive } from '../NewArchive/NewArchive.tsx';
import { ArchiveListView } from './ArchiveList.tsx';

/** 简易档案 (`/archivess/list`): the quick-entry list over the same store. */
export default function LightArchiveList() {
  return <ArchiveListView light />;
}

/** 新建简易档案 (`/archivess/add`): the short form, back to the light list's new archive. */
export function LightArchiveAdd() {
  return <NewArchive quick light />;
}
