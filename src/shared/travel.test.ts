import { describe, expect, it } from 'vitest';
import { anyDriveKnown, drivingWords, estimatedTravel, legWords, milesWords, straightMiles } from './travel';

const WIVELISCOMBE = { latitude: 51.0415, longitude: -3.3116 };
const MILVERTON = { latitude: 51.0265, longitude: -3.2545 };
const TAUNTON = { latitude: 51.0148, longitude: -3.1036 };

describe('the travel estimate', () => {
  it('measures the straight line on the earth', () => {
    // Wiveliscombe to Taunton: 2.97 km north–south, 14.57 km east–west, about 14.85 km (9.2 miles) as the crow flies.
    expect(straightMiles(WIVELISCOMBE, TAUNTON)).toBeCloseTo(9.23, 1);
    expect(straightMiles(TAUNTON, WIVELISCOMBE)).toBe(straightMiles(WIVELISCOMBE, TAUNTON));
  });

  it('stretches it to the roads, more for short trips, at 30 mph with two minutes to set off and park', () => {
    const long = estimatedTravel(WIVELISCOMBE, TAUNTON);
    const straight = straightMiles(WIVELISCOMBE, TAUNTON);
    expect(long.miles / straight).toBeGreaterThan(1.4);
    expect(long.miles / straight).toBeLessThan(1.41);
    expect(long.minutes).toBeCloseTo(2 + (long.miles / 30) * 60, 9);
    const acrossTheVillage = { latitude: MILVERTON.latitude + 0.005, longitude: MILVERTON.longitude };
    const short = estimatedTravel(MILVERTON, acrossTheVillage);
    expect(short.miles / straightMiles(MILVERTON, acrossTheVillage)).toBeGreaterThan(1.65);
  });

  it('is nothing between two places at the same spot', () => {
    expect(estimatedTravel(MILVERTON, { ...MILVERTON })).toEqual({ minutes: 0, miles: 0 });
  });

  it('is said in whole minutes and tenths of a mile', () => {
    expect([drivingWords(18.4), drivingWords(59.6), drivingWords(60), drivingWords(125)]).toEqual(['18 min', '1 h', '1 h', '2 h 5 min']);
    expect(milesWords(7.04)).toBe('7.0 miles');
  });
});

describe('a day’s drives', () => {
  it('are each said from home or the visit before, or not known; the day counts only when a drive is known', () => {
    const leg = { minutes: 12.2, miles: 4.06 };
    expect(legWords(leg, true)).toBe('12 min drive from home (4.1 miles)');
    expect(legWords(leg, false)).toBe('12 min drive from the visit before (4.1 miles)');
    expect(legWords(null, false)).toBe('Drive not known: a post code has no map position');
    expect(anyDriveKnown({ legs: { a: null, b: null }, back: null })).toBe(false);
    expect(anyDriveKnown({ legs: { a: null, b: leg }, back: null })).toBe(true);
    expect(anyDriveKnown({ legs: {}, back: leg })).toBe(true);
  });
});
