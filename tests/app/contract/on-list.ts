import type { WaitlistRepo } from '@/ports/waitlist-repo.port';

/**
 * A student on a campus's list, as the contract suites need one: made by the suite's own way of
 * signing in or creating a student (`student`), then joined through the harness's WaitlistRepo.
 */
export async function onList<S extends { uid: string; email: string }>(
  h: { readonly waitlist: WaitlistRepo },
  student: Promise<S>,
  collegeId = 'udg-cucei',
): Promise<S> {
  const s = await student;
  // Read once the student is signed in: a harness may hand out the signed-in student's repo.
  await h.waitlist.join(s.uid, { email: s.email, collegeId, timestamp: new Date() });
  return s;
}
