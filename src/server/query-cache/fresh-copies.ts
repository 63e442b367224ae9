/** A copy of an answer, kept under the database state read before it was worked out. */
export interface Copy<T> {
  state: string;
  body: Promise<T>;
}

/** Copies kept at most, whatever inputs callers send; the oldest goes first. */
const MAX_COPIES = 200;

/**
 * Copies of answers, one a key, each served while the database stays in the state it was made from. A caller always
 * gets a copy made from a state at least as new as the one it found. While a copy is being made from an older state,
 * the caller waits for it to finish, and every caller who came meanwhile shares the one made next, from the state
 * then: under a stream of writes a list is worked out once for each copy it takes to make one, not once a caller.
 */
export class FreshCopies<T> {
  private readonly copies = new Map<string, Copy<T>>();
  /** Per key: the copy being made (settled when it is done, whether or not it failed), and the one queued after it. */
  private readonly making = new Map<string, Promise<unknown>>();
  private readonly queued = new Map<string, Promise<Copy<T>>>();

  constructor(private readonly readState: () => Promise<string>) {}

  /** The copy for `key` at the database's present state, made by `work` when there is none fresh enough. */
  async get(key: string, work: () => Promise<T>): Promise<Copy<T>> {
    const state = await this.readState();
    const kept = this.copies.get(key);
    if (kept?.state === state) return kept;
    if (!this.making.has(key)) return this.make(key, work);
    let after = this.queued.get(key);
    if (!after) {
      after = this.making.get(key)!.then(() => {
        this.queued.delete(key);
        return this.make(key, work);
      });
      this.queued.set(key, after);
    }
    return after;
  }

  clear(): void {
    this.copies.clear();
  }

  private make(key: string, work: () => Promise<T>): Promise<Copy<T>> {
    const made = this.readState().then((state) => {
      // Copies kept under an older state can never be served again.
      for (const [other, kept] of this.copies) if (kept.state !== state) this.copies.delete(other);
      if (this.copies.size >= MAX_COPIES) this.copies.delete(this.copies.keys().next().value!);
      const copy = { state, body: work() };
      this.copies.set(key, copy);
      // A failed answer is not kept: the next caller works it out again.
      copy.body.catch(() => this.copies.get(key) === copy && this.copies.delete(key));
      return copy;
    });
    const settled = made.then((copy) => copy.body).catch(() => undefined);
    this.making.set(key, settled);
    void settled.then(() => this.making.get(key) === settled && this.making.delete(key));
    return made;
  }
}
