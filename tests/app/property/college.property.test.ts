import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { collegeFromRecord, collegesFromRecords, parseCollege } from '@/domain/college';
import { DEFAULT_COLLEGES } from '@/domain/default-colleges';
import { collegeRecord as record } from '../../support/arbitraries';

describe('college rules', () => {
  it('keeps the three default colleges of spec section 3', () => {
    expect(DEFAULT_COLLEGES.map((c) => [c.id, `${c.name} ${c.subname}`, c.shortName])).toEqual([
      ['udg-cucea', 'Universidad de Guadalajara CUCEA', 'UDG - CUCEA'],
      ['udg-cucei', 'Universidad de Guadalajara CUCEI', 'UDG - CUCEI'],
      ['itesm-gdl', 'Tecnológico de Monterrey Guadalajara', 'ITESM - GDL'],
    ]);
  });

  it('reads a record: shortName falls back to subname', () => {
    fc.assert(
      fc.property(record, (r) => {
        expect(collegeFromRecord(r)).toEqual({
          id: r.id,
          name: r.name,
          subname: r.subname,
          shortName: r.shortName || r.subname,
        });
      }),
    );
  });

  it('reads every record of a list, in order; anything but a list gives none', () => {
    fc.assert(
      fc.property(fc.array(record, { maxLength: 10 }), (records) => {
        expect(collegesFromRecords(records).map((c) => c.id)).toEqual(records.map((r) => r.id));
      }),
    );
    for (const value of [undefined, null, {}, 'x', 3])
      expect(collegesFromRecords(value)).toEqual([]);
  });

  it('reads back any college it stored, and rejects anything else', () => {
    fc.assert(
      fc.property(record, (r) => {
        const college = collegeFromRecord(r)!;
        expect(parseCollege(JSON.parse(JSON.stringify(college)))).toEqual(college);
      }),
    );
    fc.assert(
      fc.property(fc.anything(), (value) => {
        const parsed = parseCollege(value);
        if (parsed)
          expect(Object.keys(parsed).sort()).toEqual(['id', 'name', 'shortName', 'subname']);
      }),
    );
  });
});
