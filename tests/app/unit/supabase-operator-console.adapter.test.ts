import { describe, expect, it, vi } from 'vitest';
import type { SupabaseClients } from '@/adapters/supabase/supabase-client';
import { createSupabaseOperatorConsole } from '@/adapters/supabase/supabase-operator-console.adapter';

// The Supabase operator console's reading of the database's answers (issue 61): a refusal the
// database logged is `invalid-argument` with its name, insufficient_privilege is
// `permission-denied` whatever the HTTP status, and a malformed answer is `internal`, never a
// half-read table. The functions themselves: tests/supabase/operator-console.contract.test.ts.

function consoleAnswering(answer: { data?: unknown; error?: unknown; status?: number }) {
  const rpc = vi.fn(async () => ({ data: null, error: null, status: 200, ...answer }));
  const sb = { rest: { rpc } } as unknown as SupabaseClients;
  return { console: createSupabaseOperatorConsole(async () => sb, 'https://example.mx'), rpc };
}

const campusRow = {
  campus: 'udg-cucei',
  name: 'UDG - CUCEI',
  pending: false,
  counts: { joined: 4, verified: 3, seller: 2, 'seller-verified': 1, 'seller:snacks': 2 },
  milestones: [25],
  requests: 0,
  requestsVerified: 0,
  settings: { threshold: 10, sellerMinimum: 1, state: 'gathering', opensOn: null },
  launch: { state: 'none' },
};

describe('the Supabase operator console adapter', () => {
  it('reads a campus row into the launch report row and its readiness', async () => {
    const { console, rpc } = consoleAnswering({ data: [campusRow] });
    const [row] = await console.campuses();
    expect(rpc).toHaveBeenCalledWith('operator_campuses', undefined);
    expect(row?.report).toMatchObject({
      campus: 'udg-cucei',
      joined: 4,
      verified: 3,
      invitedShare: '0.000',
      sellersVerified: 1,
      sellersBy: expect.objectContaining({ snacks: 2, postres: 0 }),
      ready: false,
    });
    expect(row?.readiness).toEqual({ ready: false, studentsMissing: 7, sellersMissing: 0 });
  });

  it('answers a malformed answer with internal', async () => {
    for (const data of [
      null,
      {},
      [{ ...campusRow, counts: { joined: -1 } }],
      [{ ...campusRow, settings: { ...campusRow.settings, state: 'cerrado' } }],
      [{ ...campusRow, launch: { state: 'launched', at: 'ayer', by: 'x', students: 1 } }],
    ]) {
      const { console } = consoleAnswering({ data });
      await expect(console.campuses(), JSON.stringify(data)).rejects.toMatchObject({
        code: 'internal',
      });
    }
    const { console } = consoleAnswering({ data: [{ id: '1' }] });
    await expect(console.auditLog()).rejects.toMatchObject({ code: 'internal' });
  });

  it('turns a logged refusal into invalid-argument with its name, and not found into not-found', async () => {
    await expect(
      consoleAnswering({ data: { refused: 'already' } }).console.launch('udg-cucei', {
        confirm: 'udg-cucei',
        at: null,
      }),
    ).rejects.toMatchObject({ code: 'invalid-argument', message: 'already' });
    await expect(
      consoleAnswering({ data: { notFound: true } }).console.exportStudent('nadie'),
    ).rejects.toMatchObject({ code: 'not-found' });
  });

  it('reads insufficient_privilege as permission-denied, signed in or not', async () => {
    for (const status of [401, 403]) {
      const { console } = consoleAnswering({
        error: { code: '42501', message: 'operators only' },
        status,
      });
      await expect(console.access()).rejects.toMatchObject({ code: 'permission-denied' });
    }
  });

  it('writes the dry run’s sample as the sender would, with a leave link that is a sample’s', async () => {
    const { console } = consoleAnswering({
      data: {
        students: 2,
        alreadyQueued: 0,
        sample: {
          uid: '11111111-1111-4111-8111-111111111111',
          joinedMs: 1_764_000_000_000,
          name: 'Ana García',
          campus: 'UDG - CUCEI',
          campusId: 'udg-cucei',
        },
      },
    });
    const preview = await console.launchPreview('udg-cucei');
    expect(preview).toMatchObject({ students: 2, alreadyQueued: 0 });
    expect(preview.sample?.text).toContain('https://example.mx/salir?token=');
    expect(preview.sample?.text).toContain('Ana');
  });
});
