/** Texts remembered as seen once; forgotten all at once past this. */
const MAX_SEEN_ONCE = 2000;

/**
 * Which statement texts the server sends again, and so are worth preparing: planning a statement once saves
 * its parse and plan on every later call, while a one-off statement (a migration, an import's batch) would
 * only be prepared for nothing.
 */
export class RepeatedStatements {
  private readonly seenOnce = new Set<string>();

  /** Whether the text was sent before (since it was last forgotten); the first time, it is remembered. */
  isRepeat(text: string): boolean {
    if (this.seenOnce.delete(text)) return true;
    if (this.seenOnce.size >= MAX_SEEN_ONCE) this.seenOnce.clear();
    this.seenOnce.add(text);
    return false;
  }
}
