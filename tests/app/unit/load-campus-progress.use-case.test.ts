import { describe, expect, it } from 'vitest';
import { DEFAULT_THRESHOLD, PROGRESS_FLOOR } from '@/domain/campus-progress';
import { createLoadCampusProgress } from '@/domain/use-cases/load-campus-progress.use-case';
import type { CampusProgressRepo } from '@/ports/campus-progress.port';
import { memoryWorld } from '../../support/memory-use-cases';

/** A repo whose public progress is `ofCampus`; a student's own campus is never asked here. */
const repoOf = (ofCampus: CampusProgressRepo['ofCampus']): CampusProgressRepo => ({
  mine: () => Promise.reject(new Error('not asked')),
  ofCampus,
});

describe('loadCampusProgress (issue 60, the campus page)', () => {
  it("answers a campus's floored progress to a visitor who never signed in", async () => {
    const { useCases, backend } = memoryWorld();
    expect(await useCases.loadCampusProgress('udg-cucei')).toEqual({
      collegeId: 'udg-cucei',
      state: 'gathering',
      threshold: DEFAULT_THRESHOLD,
      verified: null,
      opensOn: null,
    });
    backend.controls.addClassmates('udg-cucei', PROGRESS_FLOOR - 1);
    expect((await useCases.loadCampusProgress('udg-cucei'))?.verified).toBeNull();
    backend.controls.addClassmates('udg-cucei', 1);
    expect((await useCases.loadCampusProgress('udg-cucei'))?.verified).toBe(PROGRESS_FLOOR);
  });

  it('answers null for an unknown campus, and for a malformed id without a call', async () => {
    const { useCases, backend } = memoryWorld();
    expect(await useCases.loadCampusProgress('no-existe')).toBeNull();
    expect(backend.controls.calls('publicCampusProgress')).toBe(1);
    for (const bad of ['', 'UDG-CUCEI', '../udg-cucei', 'a'.repeat(65), 7 as unknown as string]) {
      expect(await useCases.loadCampusProgress(bad)).toBeNull();
    }
    expect(backend.controls.calls('publicCampusProgress')).toBe(1);
  });

  it("rejects with the backend's failure, for the caller to log and go without", async () => {
    const { useCases, backend } = memoryWorld();
    backend.controls.failNext('publicCampusProgress', 'unavailable');
    await expect(useCases.loadCampusProgress('udg-cucei')).rejects.toMatchObject({
      code: 'unavailable',
    });
    // The next call starts afresh.
    expect(await useCases.loadCampusProgress('udg-cucei')).not.toBeNull();
  });

  it('rejects deadline-exceeded when the backend never answers, and unknown for a stray error', async () => {
    const hanging = createLoadCampusProgress({
      campusProgress: repoOf(() => new Promise(() => {})),
      timeoutMs: 20,
    });
    await expect(hanging('udg-cucei')).rejects.toMatchObject({ code: 'deadline-exceeded' });
    const broken = createLoadCampusProgress({
      campusProgress: repoOf(() => Promise.reject(new TypeError('boom'))),
    });
    await expect(broken('udg-cucei')).rejects.toMatchObject({ code: 'unknown' });
  });
});
