import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_COLLEGES } from '@/domain/default-colleges';
import { LOCAL_DEFAULTS } from '@/domain/local-record';
import type { User } from '@/domain/user';
import { waitlistStatus } from '@/domain/use-cases/waitlist-status.use-case';
import { memoryStorage } from '../../support/memory-storage';
import { memoryWorld } from '../../support/memory-use-cases';

const ana: User = { uid: 'demo-ana', email: 'ana.garcia@alumnos.udg.mx', displayName: 'Ana' };

describe('waitlistStatus (spec section 4: joined flag, confirmed state, e-mail field)', () => {
  it('confirms, with the stored e-mail, only an entry on the list whose e-mail was stored for this uid or none', () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.string({ maxLength: 30 }),
        fc.option(fc.constantFrom('demo-ana', 'demo-beto'), { nil: null }),
        (onList, waitlistEmail, waitlistDocId) => {
          const local = { ...LOCAL_DEFAULTS, waitlistEmail, waitlistDocId };
          const status = waitlistStatus(ana, onList, local);
          const confirmed = onList && waitlistEmail !== '' && waitlistDocId !== 'demo-beto';
          expect(status).toEqual({
            joined: onList,
            confirmed,
            email: confirmed ? waitlistEmail : ana.email,
          });
        },
      ),
    );
  });
});

describe('checkWaitlistStatus and localWaitlistStatus on the memory backend', () => {
  it('asks the backend: not on the list, then on it after a join (confirmed in this browser, not in another)', async () => {
    const backendStorage = memoryStorage();
    const { useCases, backend } = memoryWorld({}, backendStorage);
    const user = await useCases.signIn();
    expect(await useCases.checkWaitlistStatus(user)).toEqual({
      status: { joined: false, confirmed: false, email: user.email },
      entry: null,
    });
    const { entry } = await useCases.joinWaitlist({
      user,
      college: DEFAULT_COLLEGES[1]!,
      heroConsent: false,
    });
    expect(await useCases.checkWaitlistStatus(user)).toEqual({
      status: { joined: true, confirmed: true, email: user.email },
      entry,
    });
    // One read of the entry per check (spec call 6), which also gives the entry itself.
    expect(backend.controls.calls('getEntry')).toBe(2);
    // Another browser: the backend knows the entry, this page's record nothing.
    const other = memoryWorld({}, backendStorage);
    expect(await other.useCases.checkWaitlistStatus(user)).toMatchObject({
      status: { joined: true, confirmed: false },
      entry: { collegeId: DEFAULT_COLLEGES[1]!.id },
    });
  });

  it('a failed check rejects with the backend’s code (the card then stays on the form)', async () => {
    const { useCases, backend } = memoryWorld();
    const user = await useCases.signIn();
    backend.controls.failNext('getEntry', 'unavailable');
    await expect(useCases.checkWaitlistStatus(user)).rejects.toMatchObject({ code: 'unavailable' });
  });

  it('reads another tab’s join from this browser’s record: joined only when it stored this uid', () => {
    const { useCases, local } = memoryWorld();
    expect(useCases.localWaitlistStatus(ana)).toMatchObject({ joined: false });
    local.record.save({ waitlistEmail: ana.email, waitlistDocId: 'demo-beto' });
    expect(useCases.localWaitlistStatus(ana)).toMatchObject({ joined: false });
    local.record.save({ waitlistDocId: ana.uid });
    expect(useCases.localWaitlistStatus(ana)).toEqual({
      joined: true,
      confirmed: true,
      email: ana.email,
    });
  });
});
