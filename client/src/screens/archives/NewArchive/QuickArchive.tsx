import { NewArchive } from './NewArchive.tsx';

/** 快速建档 (`/archives/new-add`): the short form with the check dialog. */
export default function QuickArchiveScreen() {
  return <NewArchive quick />;
}
