import fs from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { COLLEGE_CATALOGUE, type CatalogueEntry } from '@/data/college-catalogue';
import { HERO_AVATARS } from '@/adapters/memory/hero-avatars';
import { searchCatalogue } from '@/adapters/memory/memory-college-search.adapter';
import {
  DEFAULT_LATENCY_MS,
  MEMORY_OPERATIONS,
  type MemoryBackendConfig,
} from '@/adapters/memory/memory-controls';
import { MEMORY_STATE_KEY, parseMemoryState } from '@/adapters/memory/memory-state';
import { isCollegeId } from '@/domain/college';
import { DEFAULT_COLLEGES } from '@/domain/default-colleges';
import { isSafePhotoUrl } from '@/domain/hero-image';
import { memoryStorage } from '../../support/memory-storage';
import { memoryWorld } from '../../support/memory-use-cases';

const ids = (query: string) => searchCatalogue(query).map((c) => c.id);

/** Mexico's 32 federal entities by their usual names, as the catalogue's `state` spells them. */
const FEDERAL_ENTITIES = new Set([
  'Aguascalientes',
  'Baja California',
  'Baja California Sur',
  'Campeche',
  'Chiapas',
  'Chihuahua',
  'Ciudad de México',
  'Coahuila',
  'Colima',
  'Durango',
  'Estado de México',
  'Guanajuato',
  'Guerrero',
  'Hidalgo',
  'Jalisco',
  'Michoacán',
  'Morelos',
  'Nayarit',
  'Nuevo León',
  'Oaxaca',
  'Puebla',
  'Querétaro',
  'Quintana Roo',
  'San Luis Potosí',
  'Sinaloa',
  'Sonora',
  'Tabasco',
  'Tamaulipas',
  'Tlaxcala',
  'Veracruz',
  'Yucatán',
  'Zacatecas',
]);

/** `id: field` for every entry whose city is empty or padded, or whose state is not an entity. */
const locationProblems = (entries: readonly CatalogueEntry[]): string[] =>
  entries.flatMap((c) => [
    ...(typeof c.city === 'string' && c.city !== '' && c.city === c.city.trim()
      ? []
      : [`${c.id}: city`]),
    ...(FEDERAL_ENTITIES.has(c.state) ? [] : [`${c.id}: state`]),
  ]);

describe('college catalogue (seed data for every backend)', () => {
  it('has at least 60 real entries with unique ids and the defaults first', () => {
    expect(COLLEGE_CATALOGUE.length).toBeGreaterThanOrEqual(60);
    expect(new Set(COLLEGE_CATALOGUE.map((c) => c.id)).size).toBe(COLLEGE_CATALOGUE.length);
    expect(
      COLLEGE_CATALOGUE.slice(0, 3).map(({ id, name, subname, shortName }) => ({
        id,
        name,
        subname,
        shortName,
      })),
    ).toEqual(DEFAULT_COLLEGES);
  });

  it('has only ids that pass the one college-id rule (domain and firestore.rules)', () => {
    expect(COLLEGE_CATALOGUE.filter((c) => !isCollegeId(c.id)).map((c) => c.id)).toEqual([]);
  });

  it('covers the institutions the issue names', () => {
    for (const needle of ['ITESO', 'UAG', 'UNIVA', 'UP', 'UNAM', 'IPN', 'UANL', 'BUAP', 'UDEM']) {
      expect(COLLEGE_CATALOGUE.some((c) => c.shortName.toUpperCase().startsWith(needle))).toBe(
        true,
      );
    }
    const udg = COLLEGE_CATALOGUE.filter((c) => c.id.startsWith('udg-'));
    expect(udg.length).toBeGreaterThanOrEqual(15);
  });

  it('places every campus in a city and one of the 32 federal entities (issue 60)', () => {
    expect(FEDERAL_ENTITIES.size).toBe(32);
    expect(locationProblems(COLLEGE_CATALOGUE)).toEqual([]);
    // The rule itself catches a missing, padded or unknown location.
    const [first] = COLLEGE_CATALOGUE;
    expect(locationProblems([{ ...first!, city: '' }])).toEqual([`${first!.id}: city`]);
    expect(locationProblems([{ ...first!, city: ' Zapopan' }])).toEqual([`${first!.id}: city`]);
    expect(locationProblems([{ ...first!, state: 'Jalisco ' }])).toEqual([`${first!.id}: state`]);
    expect(locationProblems([{ ...first!, state: 'CDMX' }])).toEqual([`${first!.id}: state`]);
    expect(locationProblems([{ ...first!, city: undefined } as never])).toEqual([
      `${first!.id}: city`,
    ]);
  });
});

describe('memory college search', () => {
  it('ignores accents and case', () => {
    expect(ids('tecnologico de monterrey guadalajara')).toContain('itesm-gdl');
    expect(ids('TECNOLÓGICO DE MONTERREY GUADALAJARA')).toEqual(
      ids('tecnologico de monterrey guadalajara'),
    );
  });

  it('finds by acronyms: UdeG, ITESM, Tec', () => {
    expect(ids('UdeG').every((id) => id.startsWith('udg-'))).toBe(true);
    expect(ids('UdeG').length).toBe(3);
    expect(ids('ITESM').every((id) => id.startsWith('itesm-'))).toBe(true);
    expect(ids('Tec Guadalajara')).toContain('itesm-gdl');
    expect(ids('cucei')[0]).toBe('udg-cucei');
  });

  it('returns at most 3 hits, never throws, for any text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (q) => {
        expect(searchCatalogue(q).length).toBeLessThanOrEqual(3);
      }),
    );
  });
});

/** A WebP's chunk ids and its canvas size (from VP8X, or from a lossy frame's header). */
function readWebp(bytes: Buffer): { chunks: string[]; width: number; height: number } {
  expect(bytes.toString('ascii', 0, 4)).toBe('RIFF');
  expect(bytes.toString('ascii', 8, 12)).toBe('WEBP');
  expect(bytes.readUInt32LE(4)).toBe(bytes.length - 8);
  const chunks: string[] = [];
  let width = 0;
  let height = 0;
  for (let at = 12; at < bytes.length;) {
    const id = bytes.toString('ascii', at, at + 4);
    const size = bytes.readUInt32LE(at + 4);
    chunks.push(id);
    if (id === 'VP8X') {
      width = bytes.readUIntLE(at + 12, 3) + 1;
      height = bytes.readUIntLE(at + 15, 3) + 1;
    } else if (id === 'VP8 ' && width === 0) {
      width = bytes.readUInt16LE(at + 14) & 0x3fff;
      height = bytes.readUInt16LE(at + 16) & 0x3fff;
    }
    at += 8 + size + (size & 1);
  }
  return { chunks, width, height };
}

describe('the stand-in avatars (scripts/build/make-demo-avatars.mjs)', () => {
  const DIR = 'src/adapters/memory/avatars';
  const named = (ext: string) =>
    fs
      .readdirSync(DIR)
      .filter((f) => f.endsWith(ext))
      .map((f) => f.slice(0, -ext.length))
      .sort();

  it('has one drawn WebP per SVG source, and the module ships each once', () => {
    expect(named('.webp')).toEqual(named('.svg'));
    expect(named('.svg')).toHaveLength(HERO_AVATARS.length);
    for (const name of named('.webp')) {
      expect(HERO_AVATARS.filter((a) => a.includes(`/${name}.webp`))).toHaveLength(1);
    }
  });

  it('draws each at 128 px, without a colour profile', () => {
    for (const name of named('.webp')) {
      const webp = readWebp(fs.readFileSync(`${DIR}/${name}.webp`));
      expect({ name, width: webp.width, height: webp.height }).toEqual({
        name,
        width: 128,
        height: 128,
      });
      expect(webp.chunks).not.toContain('ICCP');
      expect(webp.chunks).toContain('VP8 ');
    }
  });
});

describe('memory backend controls and storage', () => {
  it('ships at least 8 same-origin WebP avatars and a default latency of a few hundred ms', () => {
    expect(HERO_AVATARS.length).toBeGreaterThanOrEqual(8);
    expect(new Set(HERO_AVATARS).size).toBe(HERO_AVATARS.length);
    // Rasters, never SVG: an SVG image is a document of its own on the main thread (issue 26).
    for (const a of HERO_AVATARS) {
      expect(isSafePhotoUrl(a, true)).toBe(true);
      expect(a).toMatch(/^\/[^?]+\.webp(\?|$)/);
    }
    expect(DEFAULT_LATENCY_MS).toBeGreaterThanOrEqual(200);
    expect(DEFAULT_LATENCY_MS).toBeLessThanOrEqual(600);
  });

  it('keeps accounts, session and entries under one namespaced key', async () => {
    const storage = memoryStorage();
    const { useCases } = memoryWorld({}, storage);
    const user = await useCases.signIn();
    await useCases.joinWaitlist({ user, college: DEFAULT_COLLEGES[0]! });
    expect(Object.keys(storage.dump())).toEqual([MEMORY_STATE_KEY]);
    const again = memoryWorld({}, storage);
    expect((await again.useCases.checkWaitlistStatus(user)).status.joined).toBe(true);
  });

  it('failNext fails exactly the next call of that operation with the code', async () => {
    const { backend, useCases } = memoryWorld();
    const user = await useCases.signIn();
    backend.controls.failNext('getEntry', 'permission-denied');
    await expect(useCases.checkWaitlistStatus(user)).rejects.toMatchObject({
      code: 'permission-denied',
    });
    expect((await useCases.checkWaitlistStatus(user)).status.joined).toBe(false);
    backend.controls.failNext('signIn', 'auth/popup-closed-by-user');
    await expect(useCases.signIn()).rejects.toMatchObject({ code: 'auth/popup-closed-by-user' });
    expect(() => backend.controls.failNext('nope' as never)).toThrow(/Unknown/);
  });

  it('the start-up config shapes the first calls', async () => {
    const { useCases } = memoryWorld({ failNext: { heroImages: 'unavailable' }, heroImages: [] });
    expect((await useCases.loadHeroImages()).error?.code).toBe('unavailable');
    expect((await useCases.loadHeroImages()).images).toEqual([]);
    const malformed = memoryWorld({ heroImages: { success: 'yes', profileImages: 'many' } });
    expect((await malformed.useCases.loadHeroImages()).images).toEqual([]);
  });

  it('says in the console which start-up failNext and hangNext entries it cannot use', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const { useCases } = memoryWorld({
        failNext: { heroImages: 'no-such-code', nope: 'unavailable', getEntry: 'unavailable' },
        hangNext: ['sideways'],
      } as unknown as MemoryBackendConfig);
      expect(warn.mock.calls.map(([m]) => String(m))).toEqual([
        expect.stringMatching(/failNext ignores heroImages: no-such-code/),
        expect.stringMatching(/failNext ignores nope: unavailable/),
        expect.stringMatching(/hangNext ignores sideways/),
      ]);
      // The usable entry still applies.
      const user = await useCases.signIn();
      await expect(useCases.checkWaitlistStatus(user)).rejects.toMatchObject({
        code: 'unavailable',
      });
    } finally {
      warn.mockRestore();
    }
  });

  it('hangNext makes the next call of that operation never answer, and writes nothing', async () => {
    const { backend, useCases } = memoryWorld();
    const user = await useCases.signIn();
    backend.controls.hangNext('join');
    const settled = vi.fn();
    backend.waitlist
      .join(user.uid, { email: user.email, collegeId: 'udg-cucei', timestamp: new Date() })
      .then(settled, settled);
    await new Promise((r) => setTimeout(r, 20));
    expect(settled).not.toHaveBeenCalled();
    expect(backend.controls.entries()).toEqual({});
    await useCases.joinWaitlist({ user, college: DEFAULT_COLLEGES[1]! });
    expect(backend.controls.entries()[user.uid]?.collegeId).toBe('udg-cucei');
  });

  it('reset forgets the session and the entries', async () => {
    const { backend, useCases } = memoryWorld();
    const user = await useCases.signIn();
    await useCases.joinWaitlist({ user, college: DEFAULT_COLLEGES[0]! });
    backend.controls.reset();
    expect(backend.controls.entries()).toEqual({});
    await useCases.signIn();
    expect((await useCases.checkWaitlistStatus(user)).status.joined).toBe(false);
  });

  it('any stored string reads as a valid state', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json(), fc.constant(null)), (raw) => {
        const state = parseMemoryState(raw);
        expect(state.accounts.length).toBeGreaterThan(0);
        expect(
          state.sessionUid === null || state.accounts.some((a) => a.uid === state.sessionUid),
        ).toBe(true);
      }),
    );
  });
});

describe('memory hero strip: approved photos of students on the list only (issue 23)', () => {
  const cucei = {
    id: 'udg-cucei',
    name: 'Universidad de Guadalajara',
    subname: 'CUCEI',
    shortName: 'UDG',
  };

  /** Signs in the demo account at `index`, joins, and consents. */
  async function consenting(world: ReturnType<typeof memoryWorld>, index: number) {
    world.popup.index = index;
    const user = await world.useCases.signIn();
    await world.useCases.joinWaitlist({ user, college: cucei, heroConsent: true });
    return user;
  }
  const shown = async (world: ReturnType<typeof memoryWorld>) =>
    (await world.useCases.loadHeroImages()).images.map((i) => i.imageData ?? i.photoURL);

  it('shows a consenting student only once the operator approved that exact photo', async () => {
    const world = memoryWorld();
    const seeded = await shown(world);
    const ana = await consenting(world, 0);
    expect(await shown(world)).toEqual(seeded);
    expect(world.backend.controls.heroPhotos()).toMatchObject([
      { uid: ana.uid, status: 'pending' },
    ]);
    world.backend.controls.approveHeroPhoto(ana.uid);
    const [first] = await shown(world);
    expect(first).toBe(HERO_AVATARS[6]);
    // A new profile photo is not the approved one: hidden until approved again.
    world.backend.controls.setProfilePhoto(ana.uid, HERO_AVATARS[9]!);
    expect(await shown(world)).toEqual(seeded);
    expect(world.backend.controls.heroPhotos()).toMatchObject([{ status: 'pending' }]);
    world.backend.controls.rejectHeroPhoto(ana.uid);
    expect(await shown(world)).toEqual(seeded);
    expect(world.backend.controls.heroPhotos()).toMatchObject([{ status: 'rejected' }]);
  });

  it('orders by first consent, which renewing keeps; at most 5; the kill switch empties the strip', async () => {
    const world = memoryWorld();
    const ana = await consenting(world, 0);
    const luis = await consenting(world, 1);
    for (const uid of [ana.uid, luis.uid]) world.backend.controls.approveHeroPhoto(uid);
    world.popup.index = 0;
    const again = await world.useCases.signIn();
    await world.useCases.setHeroConsent(again, true); // renewed: Ana stays first
    const images = await shown(world);
    expect(images.slice(0, 2)).toEqual([HERO_AVATARS[6], HERO_AVATARS[7]]);
    expect(images).toHaveLength(5);
    world.backend.controls.setHeroStrip(false);
    expect(await shown(world)).toEqual([]);
    world.backend.controls.setHeroStrip(true);
    expect((await shown(world)).slice(0, 2)).toEqual([HERO_AVATARS[6], HERO_AVATARS[7]]);
  });

  it('leaving deletes the account too: nothing of the student is left', async () => {
    const world = memoryWorld();
    const ana = await consenting(world, 0);
    world.backend.controls.approveHeroPhoto(ana.uid);
    await world.useCases.leaveWaitlist(ana);
    expect(world.backend.controls.entries()).toEqual({});
    expect(world.backend.controls.consents()).toEqual({});
    expect(world.backend.controls.accounts()).toEqual({});
    expect(world.backend.controls.heroPhotos()).toEqual([]);
    expect(JSON.parse(world.storage.getItem(MEMORY_STATE_KEY)!)).toMatchObject({
      sessionUid: null,
      reviews: {},
    });
  });
});

describe('the memory backend’s controls, as the README shows them', () => {
  it('names every control of window.__memoryBackend and every operation', () => {
    // Each feature declares its own controls (an interface named …Controls) beside its slice.
    const dir = 'src/adapters/memory';
    const controls = fs
      .readdirSync(dir)
      .filter((file) => file.endsWith('.ts'))
      .flatMap((file) => [
        ...fs
          .readFileSync(`${dir}/${file}`, 'utf8')
          .matchAll(/^export interface \w+Controls \{([\s\S]*?)\n\}/gm),
      ])
      .map((m) => m[1]!)
      .join('\n');
    const names = [...controls.matchAll(/^ {2}(\w+)\(/gm)].map((m) => m[1]!);
    expect(Object.keys(memoryWorld().backend.controls).sort()).toEqual([...names].sort());
    const readme = fs.readFileSync('README.md', 'utf8');
    const section = readme.slice(
      readme.indexOf('## The in-memory backend'),
      readme.indexOf('## Tests'),
    );
    expect(names.filter((name) => !section.includes(name))).toEqual([]);
    expect(MEMORY_OPERATIONS.filter((op) => !new RegExp(`\\b${op}\\b`).test(section))).toEqual([]);
  });
});
