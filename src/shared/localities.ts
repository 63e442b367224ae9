/**
 * Which of the charity's localities border which, for matching carers to requests: the parishes and
 * hamlets around Wiveliscombe, by road. Wiveliscombe is the hub; Chipstable, Waterrow and Huish
 * Champflower lie west and north-west, Brompton Ralph and Clatworthy north, Bathealton, Ashbrittle and
 * Stawley south-west, Milverton south-east. Other is outside the area and borders nothing.
 */
import type { Locality } from './constants';

const BORDERS: [Locality, Locality][] = [
  ['Wiveliscombe', 'Chipstable'],
  ['Wiveliscombe', 'Waterrow'],
  ['Wiveliscombe', 'Huish Champflower'],
  ['Wiveliscombe', 'Brompton Ralph'],
  ['Wiveliscombe', 'Bathealton'],
  ['Wiveliscombe', 'Milverton'],
  ['Chipstable', 'Waterrow'],
  ['Chipstable', 'Huish Champflower'],
  ['Chipstable', 'Ashbrittle'],
  ['Waterrow', 'Bathealton'],
  ['Huish Champflower', 'Clatworthy'],
  ['Huish Champflower', 'Brompton Ralph'],
  ['Brompton Ralph', 'Clatworthy'],
  ['Bathealton', 'Ashbrittle'],
  ['Bathealton', 'Stawley'],
  ['Bathealton', 'Milverton'],
  ['Ashbrittle', 'Stawley'],
  ['Stawley', 'Milverton'],
];

/** Each locality's neighbours (the relation is symmetric). */
export const NEIGHBOURING_LOCALITIES: ReadonlyMap<string, readonly Locality[]> = (() => {
  const map = new Map<string, Locality[]>();
  for (const [a, b] of BORDERS) {
    map.set(a, [...(map.get(a) ?? []), b]);
    map.set(b, [...(map.get(b) ?? []), a]);
  }
  return map;
})();

/** 0: the same locality; 1: neighbouring; 2: further away (Other is always further away). */
export function localityDistance(from: string, to: string): 0 | 1 | 2 {
  if (from === to && from !== 'Other') return 0;
  return NEIGHBOURING_LOCALITIES.get(from)?.includes(to as Locality) ? 1 : 2;
}
