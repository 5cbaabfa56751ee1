import { afterEach, describe, expect, it } from 'vitest';
import { getActAsUserId, setActAsUserId } from './act-as';

afterEach(() => setActAsUserId(undefined));

describe('the operator act-as customer (baasId → user-id header)', () => {
  it('keeps the customer set by the router', () => {
    setActAsUserId(' baas-1 ');
    expect(getActAsUserId()).toBe('baas-1');
  });

  it.each([undefined, '', '  '])('is cleared by an empty value (%j)', (value) => {
    setActAsUserId('baas-1');
    setActAsUserId(value);
    expect(getActAsUserId()).toBeUndefined();
  });
});
