import fc from 'fast-check';
import { isoDateTime } from '../src/http/iso-date-time';

describe('isoDateTime (dates in hot answers such as the profile)', () => {
  test('When any date the API can hold is formatted, then the text is exactly what toISOString gives', () => {
    fc.assert(
      fc.property(fc.date({ noInvalidDate: true }), (date) => {
        expect(isoDateTime(date)).toBe(date.toISOString());
      }),
      { numRuns: 5000 },
    );
    for (const text of ['1000-01-01T00:00:00.000Z', '9999-12-31T23:59:59.999Z', '2026-02-03T04:05:06.007Z', '2026-11-22T14:58:51.675Z']) {
      expect(isoDateTime(new Date(text))).toBe(text);
    }
    expect(isoDateTime(new Date('0999-12-31T23:59:59.999Z'))).toBe('0999-12-31T23:59:59.999Z');
    expect(isoDateTime(new Date(Date.UTC(10000, 0, 1)))).toBe('+010000-01-01T00:00:00.000Z');
  });

  test('When the date is invalid, then it throws as toISOString does', () => {
    expect(() => isoDateTime(new Date(Number.NaN))).toThrow(RangeError);
  });
});
