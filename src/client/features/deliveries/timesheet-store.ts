import { TRPCClientError } from '@trpc/client';
import type { MissedReason } from '@/shared/deliveries';
import { DELIVERY_MESSAGES } from '@/shared/deliveries';
import { type CellChange, cellChange, type DeliveryWeek, type Entry, entryText } from './timesheet-cell';

/** One day of one row (a package and a carer) as the timesheet holds it: the stored entry, what the cell shows, and how saving went. */
export interface CellState {
  saved: Entry | null;
  text: string;
  status: 'idle' | 'saving' | 'saved' | 'refused';
  message: string | null;
}

/** What an entry is to say, from the missed-visit dialog or a typed number. */
export interface EntryTarget {
  status: 'delivered' | 'missed';
  hours: number;
  reason?: MissedReason;
  note: string;
}

export interface TimesheetApi {
  record: (input: EntryTarget & { packageId: string; carerId?: string; date: string }) => Promise<Entry>;
  update: (input: EntryTarget & { id: string; version: number }) => Promise<Entry>;
  /** Clears the office's figure: the day's entry after is the carer's figure from their visits, if they recorded any. */
  remove: (input: { id: string; version: number }) => Promise<{ entry: Entry | null }>;
  /** A save went through: the week as cached takes the entry on its row, so coming back to the week shows it. */
  onSaved: (row: string, date: string, entry: Entry | null) => void;
  /** Someone else changed the week: it is loaded again (cells with typed values keep them). */
  onStale: () => void;
}

/** A timesheet row: one package, and the carer whose care it holds (a package given to another carer has a row for each). */
export const rowKey = (pkg: { id: string; carerId: string }) => `${pkg.id}/${pkg.carerId}`;

export const cellKey = (row: string, date: string) => `${row}|${date}`;

const EMPTY: CellState = { saved: null, text: '', status: 'idle', message: null };

/** Typed and not saved: refused, or changed and not yet sent. */
export function isUnsaved(cell: CellState): boolean {
  return cell.status === 'refused' || (cell.status !== 'saving' && cell.text !== entryText(cell.saved));
}

const sameEntry = (a: Entry | null, b: Entry | null) => a === b || (a !== null && b !== null && a.id === b.id && a.version === b.version);

/**
 * The timesheet's cells outside React: each cell, row total and the unsaved count listens to its own part,
 * so a keystroke draws one cell and a save one row, never the grid of hundreds of packages.
 */
export class TimesheetStore {
  private readonly cells = new Map<string, CellState>();
  private readonly listeners = new Map<string, Set<() => void>>();
  private unsaved = 0;
  /** Cells to save again once their save in flight is done, because they changed meanwhile. */
  private readonly saveAgain = new Set<string>();
  private loaded: DeliveryWeek | null = null;
  private readonly weeksSeen = new Set<string>();

  constructor(private readonly api: TimesheetApi) {}

  get = (key: string): CellState => this.cells.get(key) ?? EMPTY;

  unsavedCount = (): number => this.unsaved;

  /** Listens to a cell (its key), a row's entries (`row:<rowKey>`), any entry (`saved`) or the unsaved count (`unsaved`). */
  subscribe(topic: string, listener: () => void): () => void {
    let set = this.listeners.get(topic);
    if (!set) this.listeners.set(topic, (set = new Set()));
    set.add(listener);
    return () => set.delete(listener);
  }

  private notify(topic: string) {
    this.listeners.get(topic)?.forEach((listener) => listener());
  }

  private set(key: string, next: CellState) {
    const before = this.cells.get(key) ?? EMPTY;
    this.cells.set(key, next);
    this.notify(key);
    if (!sameEntry(before.saved, next.saved) || before.saved?.hours !== next.saved?.hours) {
      this.notify(`row:${key.split('|')[0]}`);
      this.notify('saved');
    }
    const change = Number(isUnsaved(next)) - Number(isUnsaved(before));
    if (change !== 0) {
      this.unsaved += change;
      this.notify('unsaved');
    }
  }

  /** Takes a week from the server: cells holding something typed and not saved keep it, against the newest entry. */
  load(week: DeliveryWeek) {
    if (this.loaded === week) return;
    this.loaded = week;
    this.weeksSeen.add(week.weekStart);
    for (const pkg of week.packages) {
      const entries = new Map(pkg.entries.map((entry) => [entry.date, entry]));
      for (const date of week.days) {
        const key = cellKey(rowKey(pkg), date);
        const stored = entries.get(date) ?? null;
        const cell = this.cells.get(key);
        if (!cell) this.set(key, { ...EMPTY, saved: stored, text: entryText(stored) });
        else if (sameEntry(cell.saved, stored)) continue;
        else if (isUnsaved(cell) || cell.status === 'saving') this.set(key, { ...cell, saved: stored });
        else this.set(key, { saved: stored, text: entryText(stored), status: 'idle', message: null });
      }
    }
  }

  /** Whether a week's cells were ever loaded (if not, none of them is on screen to be told). */
  hasSeen(weekStart: string): boolean {
    return this.weeksSeen.has(weekStart);
  }

  /** Delivered hours and missed visits stored on a row on the given days. */
  totals(row: string, days: readonly string[]): { hours: number; missed: number } {
    let hours = 0;
    let missed = 0;
    for (const date of days) {
      const saved = this.get(cellKey(row, date)).saved;
      if (saved?.status === 'missed') missed++;
      else hours += saved?.hours ?? 0;
    }
    return { hours, missed };
  }

  setText(key: string, text: string) {
    const cell = this.get(key);
    if (cell.text !== text) this.set(key, { ...cell, text });
  }

  /** What each cell holding something unsaved shows, by cell: kept when the session ends under the timesheet. */
  unsavedTexts(): Record<string, string> {
    return Object.fromEntries([...this.cells].filter(([, cell]) => isUnsaved(cell)).map(([key, cell]) => [key, cell.text]));
  }

  /** Puts back what was typed before the session ended; each cell is saved as it is left, as when first typed. */
  restoreTexts(texts: Record<string, string>) {
    for (const [key, text] of Object.entries(texts)) if (typeof text === 'string') this.setText(key, text);
  }

  /** Puts back what is stored, dropping what was typed (Escape). */
  revert(key: string) {
    const cell = this.get(key);
    this.set(key, { ...cell, text: entryText(cell.saved), status: 'idle', message: null });
  }

  /** Saves what the cell holds, if it changed: on leaving the cell or pressing Enter. */
  commit(key: string) {
    const cell = this.get(key);
    if (cell.status === 'saving') {
      this.saveAgain.add(key);
      return;
    }
    const change = cellChange(cell.saved, cell.text);
    if (change.kind === 'none') {
      if (cell.status === 'refused') this.set(key, { ...cell, text: entryText(cell.saved), status: 'idle', message: null });
      return;
    }
    if (change.kind === 'invalid') {
      this.set(key, { ...cell, status: 'refused', message: change.message });
      return;
    }
    void this.save(key, targetOf(change, cell.saved));
  }

  /**
   * Sends one change (null removes the entry). Resolves to the server's refusal, or null once saved; the cell
   * shows either way, and what was typed stays when refused.
   */
  async save(key: string, target: EntryTarget | null): Promise<string | null> {
    const [row, date] = key.split('|') as [string, string];
    // The row's carer: the entry is theirs, whoever the package's carer is by now.
    const [packageId, carerId] = row.split('/') as [string, string | undefined];
    const start = this.get(key);
    if (target === null && start.saved === null) {
      this.set(key, { ...start, text: '', status: 'idle', message: null });
      return null;
    }
    this.set(key, { ...start, status: 'saving', message: null });
    try {
      const stored = start.saved;
      let saved: Entry | null = null;
      if (target === null) saved = (await this.api.remove({ id: stored!.id, version: stored!.version })).entry;
      else if (stored) saved = await this.api.update({ id: stored.id, version: stored.version, ...target });
      else saved = await this.api.record({ packageId, ...(carerId ? { carerId } : {}), date, ...target });
      const now = this.get(key);
      // What was typed while the save was on its way stays, to be saved next.
      const text = now.text === start.text ? entryText(saved) : now.text;
      this.set(key, { saved, text, status: 'saved', message: null });
      this.api.onSaved(row, date, saved);
      return null;
    } catch (error) {
      const message = error instanceof Error && error.message ? error.message : 'The entry could not be saved';
      this.set(key, { ...this.get(key), status: 'refused', message });
      if (isStale(error, message)) this.api.onStale();
      return message;
    } finally {
      if (this.saveAgain.delete(key)) this.commit(key);
    }
  }
}

function targetOf(change: Extract<CellChange, { kind: 'record' | 'update' | 'delete' }>, saved: Entry | null): EntryTarget | null {
  // A number typed over a missed visit makes it care given; its note stays.
  return change.kind === 'delete' ? null : { status: 'delivered', hours: change.hours, note: saved?.note ?? '' };
}

/** The week on screen is out of date: another person changed the entry, or recorded the day first. */
function isStale(error: unknown, message: string): boolean {
  return (error instanceof TRPCClientError && (error.data as { code?: string } | undefined)?.code === 'CONFLICT') || message === DELIVERY_MESSAGES.alreadyRecorded;
}
