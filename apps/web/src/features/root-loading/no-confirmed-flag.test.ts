import { afterEach, describe, expect, it } from 'vitest';
import { applyNoConfirmedParam, clearNoConfirmed, readNoConfirmed } from './no-confirmed-flag';

afterEach(() => {
  window.localStorage.clear();
});

describe('noConfirmed query', () => {
  it.each(['true', 'false'] as const)('noConfirmed=%s stores the flag with that value', (value) => {
    applyNoConfirmedParam(`?modal=help&noConfirmed=${value}`);
    expect(window.localStorage.getItem('noConfirmed')).toBe(value);
    expect(readNoConfirmed()).toBe(value);
  });

  it('overrides a stored value', () => {
    window.localStorage.setItem('noConfirmed', 'false');
    applyNoConfirmedParam('?noConfirmed=true');
    expect(readNoConfirmed()).toBe('true');
  });

  it.each(['', '?noConfirmed=', '?noConfirmed=yes', '?noConfirmed=TRUE', '?other=true'])(
    '%s leaves the flag alone',
    (search) => {
      applyNoConfirmedParam(search);
      expect(window.localStorage.getItem('noConfirmed')).toBeNull();
    },
  );

  it('clearing removes the flag', () => {
    applyNoConfirmedParam('?noConfirmed=false');
    clearNoConfirmed();
    expect(readNoConfirmed()).toBeUndefined();
  });
});
