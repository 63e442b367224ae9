import { describe, expect, it } from 'vitest';
import { bandOf } from '@/shared/wellbeing';
import { bandMoves, pairedChange } from './wellbeing-statistics';

describe('pairedChange', () => {
  it('gives the means and the interval from t with n − 1 degrees of freedom (worked by hand)', () => {
    // Changes 2, 2, 0, 3, 3: mean 2, s² = 6 / 4 = 1.5, s/√n = 0.5477; t(0.975, 4) = 2.7764, so 2 ± 1.5207.
    const result = pairedChange([
      { before: 4, after: 6 },
      { before: 5, after: 7 },
      { before: 6, after: 6 },
      { before: 3, after: 6 },
      { before: 5, after: 8 },
    ]);
    expect(result).toMatchObject({ paired: 5, meanBefore: 4.6, meanAfter: 6.6, meanChange: 2 });
    expect(result.ci95![0]).toBeCloseTo(0.4793, 4);
    expect(result.ci95![1]).toBeCloseTo(3.5207, 4);
  });

  it('widens the interval for two people as t with one degree of freedom does (12.706)', () => {
    // Changes 3 and 1: mean 2, s² = 2, s/√n = 1; 2 ± 12.7062.
    const { ci95 } = pairedChange([
      { before: 2, after: 5 },
      { before: 4, after: 5 },
    ]);
    expect(ci95![0]).toBeCloseTo(-10.7062, 4);
    expect(ci95![1]).toBeCloseTo(14.7062, 4);
  });

  it('comes near ±1.96 standard errors for many people, and gives no interval for one or none', () => {
    const many = Array.from({ length: 2000 }, (_, i) => ({ before: 5, after: 5 + (i % 2 ? 1 : -1) }));
    // Changes ±1: mean 0, s = 1.00025; s/√n = 0.022366; t(0.975, 1999) = 1.96115.
    expect(pairedChange(many).ci95![1]).toBeCloseTo(0.043863, 5);
    expect(pairedChange([{ before: 3, after: 7 }])).toEqual({ paired: 1, meanBefore: 3, meanAfter: 7, meanChange: 4, ci95: null });
    expect(pairedChange([])).toEqual({ paired: 0, meanBefore: null, meanAfter: null, meanChange: null, ci95: null });
  });
});

describe('bandMoves', () => {
  it("counts people by the ONS band they were in before and after", () => {
    const moves = bandMoves(
      [
        { before: 4, after: 7 },
        { before: 3, after: 8 },
        { before: 6, after: 6 },
        { before: 9, after: 10 },
      ],
      (score) => bandOf('lifeSatisfaction', score),
    );
    expect(moves).toEqual([
      { from: 'Low', to: 'High', people: 2 },
      { from: 'Medium', to: 'Medium', people: 1 },
      { from: 'Very high', to: 'Very high', people: 1 },
    ]);
    expect(bandOf('anxious', 1)).toBe('Very low');
    expect(bandOf('anxious', 6)).toBe('High');
  });
});
