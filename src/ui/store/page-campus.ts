import type { CampusProgress } from '@/domain/campus-progress';
import type { College } from '@/domain/college';
import type { UseCases } from '@/domain/use-cases/use-cases';
import type { SliceDeps } from './outcome';

/**
 * A campus's page (issue 60), once the backend has started (after this browser's record was
 * read): the page's campus is chosen over an earlier choice of this browser, as a student's choice
 * would be (kept by the card's follow-up, card-effects.ts; a joined card keeps its own), and the
 * campus's progress toward opening is read; a failure is logged and the page goes on without it.
 */
export function startPageCampus(
  { card, send, log }: SliceDeps,
  useCases: UseCases,
  college: College,
  progressRead: (progress: CampusProgress) => void,
): void {
  const now = card();
  if (now.step !== 'joined' && now.college?.id !== college.id) {
    send({ type: 'collegeChosen', college });
  }
  useCases.loadCampusProgress(college.id).then(
    (progress) => {
      if (progress?.collegeId === college.id) progressRead(progress);
    },
    (error: unknown) => log('Error loading the campus progress', error),
  );
}
