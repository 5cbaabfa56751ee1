import { describe, expect, it } from 'vitest';
import { customerCallActor } from './audit-log.ts';

describe('customerCallActor (security.md 22)', () => {
  const customerId = '10000000-0000-4000-8000-000000000001';

  it('names the customer for their own call', () => {
    expect(customerCallActor({ customerId, actingOperator: null })).toEqual({
      actorType: 'customer',
      actorId: customerId,
    });
    expect(customerCallActor({ customerId })).toEqual({ actorType: 'customer', actorId: customerId });
  });

  it('names the operator acting for the customer', () => {
    const operatorId = '20000000-0000-4000-8000-000000000002';
    expect(customerCallActor({ customerId, actingOperator: { operatorId } })).toEqual({
      actorType: 'operator',
      actorId: operatorId,
    });
  });
});
