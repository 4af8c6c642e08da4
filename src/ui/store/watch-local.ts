import type { UseCases } from '@/domain/use-cases/use-cases';
import { cardUser } from '@/ui/card/card-transition';
import type { SliceDeps } from './outcome';

/**
 * Applies what this browser keeps, now and whenever another tab changes it: the campus chosen,
 * and a join made in another tab (the card reads the entry: card-effects.ts).
 */
export function watchLocal(deps: SliceDeps, useCases: UseCases): () => void {
  deps.send({ type: 'localCollege', college: useCases.savedCollege() });
  return useCases.watchLocalRecord(() => {
    deps.send({ type: 'localCollege', college: useCases.savedCollege() });
    const user = cardUser(deps.card());
    const status = user && useCases.localWaitlistStatus(user);
    if (user && status?.joined) deps.send({ type: 'onList', uid: user.uid, status });
  });
}
