import { describe, expect, it } from 'vitest';
import { isoDate } from '../calendar/iso-date.ts';
import { takesNewPlans, takesOrdersOn } from './fund-end.ts';

const ending = { redemptionDate: '2027-02-15', lastOrderDate: '2027-02-05' };
const indefinite = { redemptionDate: null, lastOrderDate: null };

describe('a fund whose 償還 is announced takes orders until its last order date and no new 積立', () => {
  it('an order on the last order date is taken, one the next day is not', () => {
    expect(takesOrdersOn(ending, isoDate('2027-02-05'))).toBe(true);
    expect(takesOrdersOn(ending, isoDate('2027-02-08'))).toBe(false);
  });

  it('a fund with no end takes orders and plans on any day', () => {
    expect(takesOrdersOn(indefinite, isoDate('2099-12-30'))).toBe(true);
    expect(takesNewPlans(indefinite)).toBe(true);
  });

  it('no new 積立 once the end is announced, even before the last order date', () => {
    expect(takesNewPlans(ending)).toBe(false);
  });
});
