import { BatchProgress } from './BatchProgress.tsx';

/** 快速进度 (`/quick-progress`): the same batch progress list, reached from the menu. */
export default function QuickProgressScreen() {
  return <BatchProgress quick />;
}
