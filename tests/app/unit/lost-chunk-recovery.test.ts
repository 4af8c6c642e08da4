import { describe, expect, it, vi } from 'vitest';
import {
  installLostChunkRecovery,
  RELOAD_GUARD_MS,
  RELOAD_KEY,
  RETRY_INTENT_MS,
} from '@/ui/kit/lost-chunk-recovery';
import { memoryStorage } from '../../support/memory-storage';

const lost = (url: string) =>
  Object.assign(new Event('vite:preloadError', { cancelable: true }), {
    payload: new TypeError(`Failed to fetch dynamically imported module: ${url}`),
  });
const settle = () => new Promise((r) => setTimeout(r, 0));

function setup({ reachable = true, now = 1_000_000 } = {}) {
  const target = new EventTarget() as unknown as Window;
  const reload = vi.fn();
  const probe = vi.fn(async () => reachable);
  const storage = memoryStorage();
  const clock = { now };
  const uninstall = installLostChunkRecovery({
    target,
    probe,
    reload,
    storage,
    now: () => clock.now,
  });
  const fail = async (url = '/assets/join-form-abc.js') => {
    const event = lost(url);
    target.dispatchEvent(event);
    await settle();
    return event;
  };
  return { reload, probe, storage, clock, fail, uninstall };
}

/**
 * A page that reloaded once already (the first page failed twice), installed afresh over the same
 * session storage, at `now` ms after that reload, with the student's last tap at `tapped`.
 */
async function reloadedPage(now: number, tapped = -Infinity) {
  const first = setup();
  await first.fail();
  await first.fail();
  expect(first.reload).toHaveBeenCalledTimes(1);
  const target = new EventTarget() as unknown as Window;
  const reload = vi.fn();
  const clock = { now: 1_000_000 + now, tapped };
  installLostChunkRecovery({
    target,
    probe: async () => true,
    reload,
    storage: first.storage,
    now: () => clock.now,
    retriedAt: () => clock.tapped,
  });
  const fail = async (url = '/assets/join-form-abc.js') => {
    target.dispatchEvent(lost(url));
    await settle();
  };
  return { reload, clock, fail };
}

describe('lost chunk recovery (a browser that remembers a failed module import)', () => {
  it('the first failure is left to the caller’s retry: no reload, and the error still propagates', async () => {
    const { reload, probe, fail } = setup();
    const event = await fail();
    expect(event.defaultPrevented).toBe(false);
    expect(probe).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
  });

  it('the same import failing again while the site answers reloads once', async () => {
    const { reload, storage, fail } = setup();
    await fail();
    await fail('/assets/other-chunk.js'); // another chunk's first failure
    expect(reload).not.toHaveBeenCalled();
    await fail();
    expect(reload).toHaveBeenCalledTimes(1);
    expect(storage.getItem(RELOAD_KEY)).toBe('1000000');
  });

  it('does not reload while the network is down; it does once the site answers', async () => {
    const state = setup({ reachable: false });
    await state.fail();
    await state.fail();
    expect(state.probe).toHaveBeenCalledTimes(1);
    expect(state.reload).not.toHaveBeenCalled();
    state.probe.mockResolvedValue(true);
    await state.fail();
    expect(state.reload).toHaveBeenCalledTimes(1);
  });

  it('never loops: no second reload within the guard time, even across the reload', async () => {
    const page = await reloadedPage(RELOAD_GUARD_MS - 1);
    await page.fail();
    await page.fail();
    expect(page.reload).not.toHaveBeenCalled();
    page.clock.now += 2;
    await page.fail();
    expect(page.reload).toHaveBeenCalledTimes(1);
  });

  it('within the guard time, a failure that follows a tap on Reintentar reloads again; one on its own does not', async () => {
    // The reloaded page, 10 s later: the network is still down for the chunk.
    const page = await reloadedPage(10_000);
    await page.fail();
    await page.fail(); // another import of it, on its own
    expect(page.reload).not.toHaveBeenCalled();
    // The student taps Reintentar: that retry's failure reloads, past the guard.
    page.clock.tapped = page.clock.now;
    page.clock.now += RETRY_INTENT_MS - 1;
    await page.fail();
    expect(page.reload).toHaveBeenCalledTimes(1);
  });

  it('a tap long ago does not count as a retry', async () => {
    const page = await reloadedPage(10_000, 1_000_000 + 10_000 - RETRY_INTENT_MS);
    await page.fail('/a.js');
    await page.fail('/a.js');
    expect(page.reload).not.toHaveBeenCalled();
  });

  it('a corrupted guard value or a storage that throws still allows one reload', async () => {
    const state = setup();
    state.storage.setItem(RELOAD_KEY, 'not-a-number');
    await state.fail();
    await state.fail();
    expect(state.reload).toHaveBeenCalledTimes(1);

    const target = new EventTarget() as unknown as Window;
    const reload = vi.fn();
    const broken = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('SecurityError');
      },
    };
    installLostChunkRecovery({
      target,
      probe: async () => true,
      reload,
      storage: broken,
      now: Date.now,
    });
    target.dispatchEvent(lost('/a.js'));
    target.dispatchEvent(lost('/a.js'));
    await settle();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('uninstalls', async () => {
    const state = setup();
    state.uninstall();
    await state.fail();
    await state.fail();
    expect(state.reload).not.toHaveBeenCalled();
  });
});
