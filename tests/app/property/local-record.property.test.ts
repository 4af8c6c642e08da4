import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createLocalRecord } from '@/adapters/browser/local-record.adapter';
import type { KeyValueStorage } from '@/ports/key-value-storage.port';
import {
  LOCAL_DEFAULTS as PERSISTED_DEFAULTS,
  LOCAL_KEYS as PERSISTED_KEYS,
  type LocalValues,
  parseLocalValue as parsePersisted,
} from '@/domain/local-record';

// The local record (spec section 3's persisted values) over a string storage, as the browser
// adapter reads and writes it.
const readPersisted = (storage: KeyValueStorage) => createLocalRecord({ storage }).read();
const writePersisted = (storage: KeyValueStorage, values: Partial<LocalValues>) =>
  createLocalRecord({ storage }).save(values);

const memoryStorage = (seed: Record<string, string> = {}) => {
  const data = new Map(Object.entries(seed));
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
  };
};

const anyStored = fc.oneof(
  fc.string(),
  fc.json(),
  fc.anything().map((v) => JSON.stringify(v) ?? 'undefined'),
  fc.string({ minLength: 5000, maxLength: 6000 }),
);

describe('the local record (persisted values)', () => {
  it('any string in localStorage gives a valid state', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom(...PERSISTED_KEYS), anyStored), (seed) => {
        const values = readPersisted(memoryStorage(seed));
        expect(typeof values.waitlistEmail).toBe('string');
        expect(values.waitlistDocId === null || typeof values.waitlistDocId === 'string').toBe(
          true,
        );
        if (values.waitlistData) {
          expect(Object.keys(values.waitlistData).sort()).toEqual([
            'collegeId',
            'email',
            'timestamp',
          ]);
        }
        if (values.selectedCollege) {
          expect(Object.keys(values.selectedCollege).sort()).toEqual([
            'id',
            'name',
            'shortName',
            'subname',
          ]);
        }
      }),
    );
  });

  it('reads back what it wrote', () => {
    fc.assert(
      fc.property(
        fc.record({
          waitlistEmail: fc.emailAddress(),
          waitlistDocId: fc.string({ minLength: 1, maxLength: 64 }),
          selectedCollege: fc.record({
            id: fc.string({ minLength: 1, maxLength: 40 }),
            name: fc.string({ minLength: 1, maxLength: 80 }),
            subname: fc.string({ minLength: 1, maxLength: 80 }),
            shortName: fc.string({ minLength: 1, maxLength: 40 }),
          }),
        }),
        (values) => {
          const storage = memoryStorage();
          writePersisted(storage, values);
          expect(readPersisted(storage)).toEqual({ ...PERSISTED_DEFAULTS, ...values });
        },
      ),
    );
  });

  it('treats not-JSON, wrong shapes and huge values as absent', () => {
    expect(parsePersisted('waitlistEmail', '{not json')).toBe('');
    expect(parsePersisted('waitlistEmail', '42')).toBe('');
    expect(parsePersisted('selectedCollege', '{"id":1}')).toBeNull();
    expect(parsePersisted('waitlistEmail', JSON.stringify('a'.repeat(10_000)))).toBe('');
    expect(
      readPersisted({
        getItem: () => {
          throw new Error('denied');
        },
        setItem() {},
        removeItem() {},
      }),
    ).toEqual(PERSISTED_DEFAULTS);
  });
});
