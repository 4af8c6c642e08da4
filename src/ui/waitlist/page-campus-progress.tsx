import { collegeLabel } from '@/domain/college';
import { useAppStore } from '@/ui/store/store-context';
import { campusProgressLine } from './campus-progress-text';

/**
 * A campus page's progress toward opening (issue 60), once the backend has read it: floored as
 * everywhere. Loaded only when there is one to show, never with the page.
 */
export function PageCampusProgress() {
  const college = useAppStore((s) => s.pageCollege);
  const progress = useAppStore((s) => s.pageProgress);
  return college && progress ? <>{campusProgressLine(collegeLabel(college), progress)}</> : null;
}
