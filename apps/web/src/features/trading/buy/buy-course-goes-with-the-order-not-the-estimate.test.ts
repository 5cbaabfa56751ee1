import { describe, expect, it } from 'vitest';
import {
  buyRequestOf,
  draftFromSearchParams,
  draftSearchParams,
  estimateRequestOf,
  type BuyDraft,
} from './buy-draft';

// Issue 28 point 3: the course chosen on the buy screen travels to confirm in the URL and is sent with the
// order; the estimate, which has no course, never carries it.
describe('the distribution course of a buy', () => {
  const draft: BuyDraft = {
    orderType: 'AMOUNT',
    value: '50000',
    accountType: 'specific',
    points: '0',
    course: 'RECEIVE',
  };

  it('buy-course-receive-survives-the-way-to-confirm-and-goes-with-the-order', () => {
    const params = draftSearchParams(draft);
    expect(params.get('course')).toBe('RECEIVE');
    expect(draftFromSearchParams(params)).toEqual(draft);
    expect(buyRequestOf('DEMOF003', draft)).toMatchObject({ distributionCourse: 'RECEIVE' });
    expect(estimateRequestOf('DEMOF003', draft)).not.toHaveProperty('distributionCourse');
  });

  it('buy-course-reinvest-is-the-default-of-a-link-without-one', () => {
    const params = new URLSearchParams({ type: 'AMOUNT', amount: '50000', account: 'specific' });
    expect(draftFromSearchParams(params)?.course).toBe('REINVEST');
  });
});
