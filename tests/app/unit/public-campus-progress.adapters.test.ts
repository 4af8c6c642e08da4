import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { FirebaseApp } from 'firebase/app';
import { publicProgress } from '@/domain/campus-progress';
import {
  CAMPUS_PROGRESS_FUNCTION as SUPABASE_FUNCTION,
  createSupabaseCampusProgress,
} from '@/adapters/supabase/supabase-campus-progress.adapter';
import type { SupabaseClients } from '@/adapters/supabase/supabase-client';
import {
  CAMPUS_PROGRESS_FUNCTION as FIREBASE_FUNCTION,
  createCallableCampusProgress,
} from '@/adapters/firebase/firebase-campus-progress.adapter';

// Issue 60: the client adapters of CampusProgressRepo.ofCampus over stand-ins of each SDK's call.
// Whatever the server answers, the page gets the campus asked for, floored, or null: a malformed
// answer, another campus or none is no progress (never an error the page must catch).

const firebaseAnswer = vi.hoisted(() => ({ value: null as unknown, calls: [] as unknown[] }));
vi.mock('@/adapters/firebase/firebase-callable', () => ({
  callableFunction: (_options: unknown, name: string) => async (data: unknown) => {
    firebaseAnswer.calls.push([name, data]);
    return firebaseAnswer.value;
  },
}));

const MALFORMED: unknown[] = [
  null,
  'udg-cucei',
  42,
  [],
  {},
  { collegeId: 'udg-cucea', verifiedCount: 30 },
  { collegeId: ['udg-cucei'] },
];

describe('ofCampus on Firebase (get_campus_progress)', () => {
  const repo = createCallableCampusProgress({ app: {} as FirebaseApp, region: 'us-central1' });
  beforeEach(() => {
    firebaseAnswer.calls.length = 0;
  });

  it('reads `{ campus }`, floored; no campus is null', async () => {
    firebaseAnswer.value = {
      campus: { collegeId: 'udg-cucei', verifiedCount: 12, threshold: 40, state: 'opening' },
    };
    expect(await repo.ofCampus('udg-cucei')).toEqual({
      collegeId: 'udg-cucei',
      verified: 12,
      threshold: 40,
      state: 'opening',
      opensOn: null,
    });
    expect(firebaseAnswer.calls).toEqual([[FIREBASE_FUNCTION, { collegeId: 'udg-cucei' }]]);
    firebaseAnswer.value = { campus: { collegeId: 'udg-cucei', verifiedCount: 9 } };
    expect(await repo.ofCampus('udg-cucei')).toEqual(publicProgress('udg-cucei', 0));
    firebaseAnswer.value = { campus: null };
    expect(await repo.ofCampus('udg-cucei')).toBeNull();
  });

  it('maps a malformed answer to null, and asks nothing for a malformed id', async () => {
    for (const campus of MALFORMED) {
      firebaseAnswer.value = { campus };
      expect(await repo.ofCampus('udg-cucei')).toBeNull();
      firebaseAnswer.value = campus;
      expect(await repo.ofCampus('udg-cucei')).toBeNull();
    }
    firebaseAnswer.calls.length = 0;
    for (const bad of ['', 'UDG-CUCEI', 'a/b', 'a'.repeat(65), null as unknown as string]) {
      expect(await repo.ofCampus(bad)).toBeNull();
    }
    expect(firebaseAnswer.calls).toEqual([]);
  });
});

describe('ofCampus on Supabase (campus_progress)', () => {
  function supabase(answer: { data: unknown; error?: unknown; status?: number }) {
    const rpc = vi.fn(async () => ({ error: null, status: 200, ...answer }));
    const sb = {
      auth: { getSession: vi.fn(async () => ({ data: { session: null } })) },
      rest: { rpc },
    } as unknown as SupabaseClients;
    return { repo: createSupabaseCampusProgress(async () => sb), rpc };
  }

  it('reads the row, floored, signed out; no row is null', async () => {
    const { repo, rpc } = supabase({
      data: [
        {
          college_id: 'udg-cucei',
          verified_count: 15,
          threshold: 100,
          state: 'gathering',
          opens_on: '2027-01-15',
        },
      ],
    });
    expect(await repo.ofCampus('udg-cucei')).toEqual({
      collegeId: 'udg-cucei',
      verified: 15,
      threshold: 100,
      state: 'gathering',
      opensOn: '2027-01-15',
    });
    expect(rpc).toHaveBeenCalledWith(SUPABASE_FUNCTION, { college: 'udg-cucei' });
    expect(await supabase({ data: [] }).repo.ofCampus('udg-cucei')).toBeNull();
  });

  it('maps a malformed answer to null, and asks nothing for a malformed id', async () => {
    const rows = MALFORMED.map((row) =>
      typeof row === 'object' && row !== null && 'collegeId' in row
        ? { college_id: (row as { collegeId: unknown }).collegeId, verified_count: 30 }
        : row,
    );
    for (const row of rows) {
      expect(await supabase({ data: [row] }).repo.ofCampus('udg-cucei')).toBeNull();
      expect(await supabase({ data: row }).repo.ofCampus('udg-cucei')).toBeNull();
    }
    const { repo, rpc } = supabase({ data: [] });
    for (const bad of ['', 'UDG-CUCEI', 'a/b', 'a'.repeat(65), null as unknown as string]) {
      expect(await repo.ofCampus(bad)).toBeNull();
    }
    expect(rpc).not.toHaveBeenCalled();
  });

  it("rejects with the backend's error for a failed call (the use case's caller logs it)", async () => {
    const { repo } = supabase({
      data: null,
      error: { code: 'PGRST000', message: 'down' },
      status: 503,
    });
    await expect(repo.ofCampus('udg-cucei')).rejects.toMatchObject({ code: expect.any(String) });
  });
});
