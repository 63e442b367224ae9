/**
 * Unsaved changes kept when a session ends under a form (the idle limit, a session ended elsewhere, an account
 * disabled), so that the person signs in again and finds them on the same form. They live in the tab's
 * sessionStorage, as the session does: closing the tab ends them, no other tab reads them, and only the account
 * that typed them gets them back. A sign-out the person chose forgets them.
 */

/** Said when a form gets back what was typed in it before the session ended. */
export const DRAFT_RESTORED = 'Your changes from before you were signed out are back. Check them, then save.';

const DRAFT_KEY_PREFIX = 'valecare.draft.';
/** A draft older than this is not offered back: the record has likely moved on, and so has the person. */
export const DRAFT_MAX_AGE_MS = 12 * 60 * 60_000;

/** A form's values as typed, and the version of the stored record they were typed over (none on an add form). */
export interface Draft {
  values: unknown;
  version?: number;
}

interface StoredDraft extends Draft {
  account: string;
  savedAt: number;
}

/** A kept draft as stored, or nothing where the text is not one. */
function parsed(text: string | null): Partial<StoredDraft> | undefined {
  try {
    return JSON.parse(text ?? '') as Partial<StoredDraft>;
  } catch {
    return undefined;
  }
}

/** Where the form is: its address, with the query string (the timesheet's week, a request to add a package to). */
function keyOf(address: string): string {
  return `${DRAFT_KEY_PREFIX}${address}`;
}

export function keepDraft(account: string, address: string, draft: Draft, now = Date.now()): void {
  const stored: StoredDraft = { ...draft, account, savedAt: now };
  try {
    window.sessionStorage.setItem(keyOf(address), JSON.stringify(stored));
  } catch {
    // Storage full or refused (private browsing): nothing more can be kept, and the session is already gone.
  }
}

/** The draft the account left at this address, taken out of storage; none when it is another's, or too old. */
export function takeDraft(account: string, address: string, now = Date.now()): Draft | undefined {
  const key = keyOf(address);
  const text = window.sessionStorage.getItem(key);
  if (text === null) return undefined;
  window.sessionStorage.removeItem(key);
  const stored = parsed(text);
  if (stored?.account !== account || typeof stored.savedAt !== 'number' || now - stored.savedAt > DRAFT_MAX_AGE_MS) return undefined;
  return { values: stored.values, ...(typeof stored.version === 'number' ? { version: stored.version } : {}) };
}

/**
 * Forgets kept drafts: all of them when a person chooses to sign out (nothing they typed stays in the tab), or all
 * but the account's own when someone signs in (another person's typing is never theirs to see).
 */
export function forgetDrafts({ exceptOf }: { exceptOf?: string } = {}): void {
  for (const key of Object.keys(window.sessionStorage)) {
    if (!key.startsWith(DRAFT_KEY_PREFIX)) continue;
    if (exceptOf !== undefined && parsed(window.sessionStorage.getItem(key))?.account === exceptOf) continue;
    window.sessionStorage.removeItem(key);
  }
}
