import { seededRandom as randomNumbers } from '@/shared/seeded-random';
import type { IdLetter } from '@/shared/record-kinds';
import { ID_ALPHABET } from '@/server/db/ids';

/** Made-up people for the demo data and the benchmark: nobody real. */
export const FIRST_NAMES = ['Margaret', 'Arthur', 'Joan', 'Dennis', 'Irene', 'Harold', 'Brenda', 'Kenneth', 'Sheila', 'Roy', 'Doreen', 'Frank', 'Pamela', 'Stanley', 'Valerie', 'Clifford', 'Maureen', 'Leonard', 'Audrey', 'Norman', 'Jean', 'Gordon', 'Sylvia', 'Trevor'];
export const CARER_FIRST_NAMES = ['Sarah', 'James', 'Emma', 'Tom', 'Lucy', 'Mark', 'Hannah', 'Paul', 'Claire', 'Rob', 'Jess', 'Ian', 'Kate', 'Dan', 'Ruth', 'Sam', 'Nina', 'Alex', 'Fiona', 'Gareth', 'Megan', 'Owen'];
export const SURNAMES = ['Pollard', 'Hawkins', 'Tucker', 'Chidgey', 'Bryant', 'Vowles', 'Hooper', 'Coles', 'Baker', 'Sparkes', 'Webber', 'Greedy', 'Burge', 'Perry', 'Hill', 'Norman', 'Stevens', 'Rendell', 'Lock', 'Musgrove'];
export const STREETS = ['High Street', 'Church Lane', 'Mill Road', 'Station Road', 'The Square', 'Golden Hill', 'Ford Lane', 'Court Farm', 'Rock Cottages', 'Silver Street'];

/** Seeded choices, so made-up data is the same every time. */
export function seededRandom(seed: number) {
  const next = randomNumbers(seed);
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[int(0, list.length - 1)]!;
  /** Between min and max distinct entries of the list, in random order. */
  const some = <T>(list: readonly T[], min: number, max: number): T[] => {
    const copy = [...list];
    const chosen: T[] = [];
    for (let n = int(min, max); n > 0 && copy.length; n--) chosen.push(copy.splice(int(0, copy.length - 1), 1)[0]!);
    return chosen;
  };
  /** Exponentially distributed with the given mean: most short, a few long. */
  const exponential = (mean: number) => -mean * Math.log(1 - next());
  /** An id in the product's format (ids.ts), from this generator. */
  const id = (letter: IdLetter) => {
    let text: string = letter;
    for (let i = 0; i < 15; i++) text += ID_ALPHABET[int(0, ID_ALPHABET.length - 1)];
    return text;
  };
  return { next, int, pick, some, exponential, id, chance: (p: number) => next() < p };
}
export type Random = ReturnType<typeof seededRandom>;
