/** Where the time of the user's last activity is kept: shared by every tab, so work in one keeps all alive. */
export const LAST_ACTIVITY_KEY = 'valecare.last-activity';
/** Activity is written at most this often; pointer moves come many times a second. */
const RECORD_EVERY_MS = 15_000;

type ActivityStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/**
 * The user's own activity (pointer, keyboard, coming back to the tab), as opposed to the app's
 * background refreshes, and whether the session has gone idle for longer than the limit.
 */
export class IdleWatch {
  constructor(
    readonly idleMs: number,
    private readonly store: ActivityStore,
    private readonly now: () => number = Date.now,
  ) {}

  lastActivity(): number | undefined {
    const stored = Number(this.store.getItem(LAST_ACTIVITY_KEY));
    return Number.isFinite(stored) && stored > 0 ? stored : undefined;
  }

  /** Records activity now; answers whether it was written (it is not when written moments ago). */
  record({ force = false } = {}): boolean {
    const last = this.lastActivity();
    if (!force && last !== undefined && this.now() - last < RECORD_EVERY_MS) return false;
    this.store.setItem(LAST_ACTIVITY_KEY, String(this.now()));
    return true;
  }

  /** Idle once the limit has passed since the last activity; with none recorded, activity starts now. */
  isIdle(): boolean {
    const last = this.lastActivity();
    if (last === undefined) {
      this.record({ force: true });
      return false;
    }
    return this.now() - last >= this.idleMs;
  }

  forget(): void {
    this.store.removeItem(LAST_ACTIVITY_KEY);
  }
}
