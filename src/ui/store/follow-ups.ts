import type { UseCases } from '@/domain/use-cases/use-cases';
import type { CardEffect } from '@/ui/card/card-effects';
import type { CardEvent } from '@/ui/card/card-state';

/**
 * Runs the card's follow-ups (card-effects.ts: effectsOf) in one place: each awaits one use case
 * and sends its answer to the card as an event. `settled` resolves once none is under way.
 */
export function createFollowUps({
  services,
  log,
  send,
  reloadHero,
}: {
  services: () => Promise<UseCases>;
  log: (message: string, error?: unknown) => void;
  send: (event: CardEvent) => void;
  reloadHero: () => Promise<void>;
}) {
  const running = new Set<Promise<void>>();
  const run = async (effect: CardEffect): Promise<void> => {
    switch (effect.type) {
      case 'checkList': {
        const { user } = effect;
        try {
          const { status, entry } = await (await services()).checkWaitlistStatus(user);
          send({ type: 'onList', uid: user.uid, status, ...(entry ? { entry } : {}) });
        } catch (error) {
          log('Error checking the waitlist entry', error);
        }
        return;
      }
      case 'readEntry': {
        const { user, known } = effect;
        let entry = null;
        try {
          entry = await (await services()).loadMyEntry(user, known);
        } catch (error) {
          log('Error loading the waitlist entry', error);
        }
        send({ type: 'entryRead', uid: user.uid, entry });
        return;
      }
      case 'saveCollege':
        await services().then(
          ({ chooseCollege }) => chooseCollege(effect.college),
          () => {},
        );
        return;
      case 'heroChanged':
        await reloadHero();
    }
  };
  return {
    start(effects: readonly CardEffect[]): void {
      for (const effect of effects) {
        const started = run(effect).finally(() => running.delete(started));
        running.add(started);
      }
    },
    async settled(): Promise<void> {
      while (running.size) await Promise.all([...running]);
    },
  };
}
