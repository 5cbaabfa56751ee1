import { afterEach, describe, expect, it } from 'vitest';
import { getActedForCustomer, setActedForCustomer } from './act-as';

afterEach(() => setActedForCustomer(undefined));

describe('the operator act-as customer (baasId → user-id header)', () => {
  it('keeps the customer set by the router', () => {
    setActedForCustomer(' baas-1 ');
    expect(getActedForCustomer()).toBe('baas-1');
  });

  it.each([undefined, '', '  '])('is cleared by an empty value (%j)', (value) => {
    setActedForCustomer('baas-1');
    setActedForCustomer(value);
    expect(getActedForCustomer()).toBeUndefined();
  });
});
