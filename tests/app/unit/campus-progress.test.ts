import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_COLLEGES } from '@/domain/default-colleges';
import { publicProgress } from '@/domain/campus-progress';
import { createAppStore } from '@/ui/store/app-store';
import {
  campusCount,
  campusDate,
  campusHeadline,
  verificationText,
} from '@/ui/waitlist/campus-progress-text';
import { MEMORY_STATE_KEY } from '@/adapters/memory/memory-state';
import { memoryWorld } from '../../support/memory-use-cases';

const flush = () => new Promise((r) => setTimeout(r, 5));
const [cucea, cucei] = DEFAULT_COLLEGES as [
  (typeof DEFAULT_COLLEGES)[0],
  (typeof DEFAULT_COLLEGES)[0],
];

describe("the campus's texts (issue 28)", () => {
  const gathering = (count: number, threshold = 100) =>
    publicProgress('udg-cucei', count, { threshold, state: 'gathering', opensOn: null });

  it("says what is missing to open, as the issue's example", () => {
    expect(campusHeadline('UDG - CUCEI', gathering(37))).toBe(
      'UDG - CUCEI: faltan 63 estudiantes para abrir',
    );
    expect(campusHeadline('UDG - CUCEI', gathering(99))).toBe(
      'UDG - CUCEI: falta 1 estudiante para abrir',
    );
    expect(campusHeadline('UDG - CUCEI', gathering(120))).toBe(
      'UDG - CUCEI ya reunió a los estudiantes para abrir',
    );
    expect(campusCount(gathering(37))).toBe('37 de 100 estudiantes verificados');
  });

  it('gives no figure under the floor: the campus is just starting', () => {
    const starting = gathering(9);
    expect(campusHeadline('UDG - CUCEI', starting)).toBe(
      'UDG - CUCEI: tu campus apenas está empezando',
    );
    expect(campusCount(starting)).toBeNull();
  });

  it('names the state and the date the operators set', () => {
    const opening = publicProgress('x', 50, {
      threshold: 40,
      state: 'opening',
      opensOn: '2027-01-15',
    });
    expect(campusHeadline('ITESM - GDL', opening)).toBe('ITESM - GDL está por abrir');
    expect(campusDate(opening)).toBe('Fecha de apertura: 15 de enero de 2027');
    const open = publicProgress('x', 3, { threshold: 40, state: 'open', opensOn: '2027-01-15' });
    expect(campusHeadline('ITESM - GDL', open)).toBe('ITESM - GDL ya está abierto');
    expect(campusDate(open)).toBe('Abrió el 15 de enero de 2027');
    expect(campusDate(gathering(20))).toBeNull();
  });

  it('says whether the student counts, and what makes them count', () => {
    const progress = gathering(20);
    expect(verificationText({ progress, verified: true, university: 'de la UdeG' })).toBe(
      'Verificado con tu correo de la UdeG',
    );
    expect(verificationText({ progress, verified: false, university: 'del Tec' })).toBe(
      'Tu correo de inicio de sesión no es del Tec: verifica tu correo universitario para contar en el avance de tu campus.',
    );
    expect(verificationText({ progress, verified: false, university: null })).toBe(
      'Aún no podemos verificar correos de este campus.',
    );
  });
});

describe('the campus slice', () => {
  function setup() {
    const world = memoryWorld();
    const log = vi.fn();
    const store = createAppStore({ loadUseCases: async () => world.useCases, log });
    store.getState().start();
    return { ...world, store, log };
  }
  const joined = async (store: ReturnType<typeof setup>['store']) => {
    await store.getState().signIn();
    await flush();
    store.getState().selectCollege(cucei);
    await store.getState().join();
    await flush();
  };

  it('reads the campus of the loaded entry, and again after a change of campus', async () => {
    const { store, backend } = setup();
    backend.controls.addClassmates(cucei.id, 20);
    await joined(store);
    await store.getState().loadMyCampus();
    expect(store.getState().campus).toMatchObject({
      status: 'loaded',
      key: `demo-ana:${cucei.id}`,
      data: { campus: { verified: true, progress: { collegeId: cucei.id, verified: 21 } } },
    });
    store.getState().editCollege(true);
    store.getState().selectCollege(cucea);
    await store.getState().changeCollege();
    await store.getState().loadMyCampus();
    expect(store.getState().campus).toMatchObject({
      status: 'loaded',
      key: `demo-ana:${cucea.id}`,
      data: { campus: { progress: { collegeId: cucea.id, verified: null } } },
    });
  });

  it("a campus id that is an object's own word (`constructor`) is refused, and one stored gets the default settings (issue 51)", async () => {
    const { store, storage, backend } = setup();
    await store.getState().signIn();
    await flush();
    store.getState().selectCollege({
      id: 'constructor',
      name: 'Constructor',
      subname: '',
      shortName: 'constructor',
    });
    await store.getState().join();
    await flush();
    // No campus of the catalogue: refused, as Firestore's rules and Postgres's foreign key do.
    expect(store.getState().card.step).not.toBe('joined');
    store.getState().selectCollege(cucei);
    await store.getState().join();
    await flush();
    // An entry stored with it all the same (kept from before the check): the defaults, no throw.
    const state = JSON.parse(storage.getItem(MEMORY_STATE_KEY)!) as {
      entries: Record<string, { collegeId: string }>;
    };
    state.entries['demo-ana']!.collegeId = 'constructor';
    storage.setItem(MEMORY_STATE_KEY, JSON.stringify(state));
    expect(await backend.campusProgress.mine('demo-ana')).toMatchObject({
      progress: { collegeId: 'constructor', threshold: 100, state: 'gathering' },
    });
  });

  it('a failed read says so and logs it; a retry reads it', async () => {
    const { store, backend, log } = setup();
    await joined(store);
    backend.controls.failNext('campusProgress', 'unavailable');
    await store.getState().loadMyCampus();
    expect(store.getState().campus.status).toBe('failed');
    expect(log).toHaveBeenCalledWith('Error loading the campus progress', expect.anything());
    await store.getState().loadMyCampus();
    expect(store.getState().campus.status).toBe('loaded');
  });

  it('an answer about a campus the card no longer shows changes nothing', async () => {
    const { store, backend } = setup();
    await joined(store);
    backend.controls.setLatency(50);
    const late = store.getState().loadMyCampus();
    backend.controls.setLatency(0); // the sign-out answers first
    await store.getState().signOut();
    expect(store.getState().card.step).toBe('signedOut');
    await late;
    expect(store.getState().campus).toMatchObject({ status: 'loading' });
  });

  it('does nothing before an entry is loaded', async () => {
    const { store, backend } = setup();
    await store.getState().loadMyCampus();
    expect(store.getState().campus).toEqual({ status: 'idle' });
    expect(backend.controls.calls('campusProgress')).toBe(0);
  });
});

describe('invites through the use cases (issue 28)', () => {
  it('an invite in the address is kept for the visit and recorded when the classmate joins', async () => {
    const world = memoryWorld();
    const { useCases, backend, popup, visit } = world;
    const ana = await useCases.signIn();
    await useCases.joinWaitlist({ user: ana, college: cucei });
    const { code } = (await useCases.loadMyCampus(ana))!.invites;

    popup.index = 1; // Luis, who opened Ana's link
    useCases.rememberInvite(`?ref=${code.toLowerCase()}`);
    expect(visit.readInvite()).toBe(code);
    const luis = await useCases.signIn();
    await useCases.joinWaitlist({ user: luis, college: cucei });
    await flush(); // the credit follows the join's answer, never holds it
    expect(backend.controls.invites()).toEqual({ [luis.uid]: ana.uid });
    expect(visit.readInvite()).toBeNull(); // recorded: forgotten

    popup.index = 0;
    await useCases.signIn();
    expect((await useCases.loadMyCampus(ana))!.invites.joined).toBe(1);
  });

  it('a failed credit keeps the invite, and the next read of the campus records it', async () => {
    const { useCases, backend, popup, visit } = memoryWorld();
    const ana = await useCases.signIn();
    await useCases.joinWaitlist({ user: ana, college: cucei });
    const { code } = (await useCases.loadMyCampus(ana))!.invites;
    popup.index = 1;
    useCases.rememberInvite(`?ref=${code}`);
    const luis = await useCases.signIn();
    backend.controls.failNext('acceptInvite', 'unavailable');
    await useCases.joinWaitlist({ user: luis, college: cucei }); // the join itself succeeds
    await flush();
    expect(backend.controls.invites()).toEqual({});
    expect(visit.readInvite()).toBe(code);
    await useCases.loadMyCampus(luis);
    expect(backend.controls.invites()).toEqual({ [luis.uid]: ana.uid });
    expect(visit.readInvite()).toBeNull();
  });

  it("a hanging credit never holds the join's answer; the card's read shares the one call", async () => {
    const { useCases, backend, popup } = memoryWorld();
    const ana = await useCases.signIn();
    await useCases.joinWaitlist({ user: ana, college: cucei });
    const { code } = (await useCases.loadMyCampus(ana))!.invites;
    popup.index = 1;
    useCases.rememberInvite(`?ref=${code}`);
    const luis = await useCases.signIn();
    backend.controls.setLatency(40);
    const joined = useCases.joinWaitlist({ user: luis, college: cucei });
    await joined; // answered although the credit is still on its way
    expect(backend.controls.invites()).toEqual({});
    await useCases.loadMyCampus(luis);
    expect(backend.controls.invites()).toEqual({ [luis.uid]: ana.uid });
    expect(backend.controls.calls('acceptInvite')).toBe(1);
  });

  it('ignores an address without a well-formed code', () => {
    const { useCases, visit } = memoryWorld();
    for (const search of ['', '?ref=', '?ref=abc', '?ref=<script>', '?x=ABCDEFGH']) {
      useCases.rememberInvite(search);
      expect(visit.readInvite()).toBeNull();
    }
  });
});
