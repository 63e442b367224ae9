import { describe, expect, it } from 'vitest';
import { LOCALITIES } from './constants';
import { localityDistance, NEIGHBOURING_LOCALITIES } from './localities';

describe('neighbouring localities', () => {
  it('is symmetric and names only the charity localities', () => {
    for (const [place, neighbours] of NEIGHBOURING_LOCALITIES) {
      expect(LOCALITIES).toContain(place);
      for (const other of neighbours) expect(NEIGHBOURING_LOCALITIES.get(other)).toContain(place);
    }
  });

  it('gives every locality but Other at least one neighbour', () => {
    for (const place of LOCALITIES.filter((l) => l !== 'Other')) expect(NEIGHBOURING_LOCALITIES.get(place)?.length, place).toBeGreaterThan(0);
  });

  it('counts the same locality, a neighbour and further away', () => {
    expect(localityDistance('Milverton', 'Milverton')).toBe(0);
    expect(localityDistance('Milverton', 'Wiveliscombe')).toBe(1);
    expect(localityDistance('Wiveliscombe', 'Milverton')).toBe(1);
    expect(localityDistance('Clatworthy', 'Milverton')).toBe(2);
    expect(localityDistance('Other', 'Other')).toBe(2);
  });
});
