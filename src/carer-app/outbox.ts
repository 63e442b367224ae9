import { type DBSchema, deleteDB, type IDBPDatabase, openDB } from 'idb';
import type { CouldNotVisit } from '@/shared/carer-app';
import type { RouterInputs, RouterOutputs } from '@/browser/api-types';
import type { WellbeingInput } from '@/shared/schemas/wellbeing';
import type { WellbeingDraft } from '@/shared/wellbeing';
import type { VisitDraft } from './visit-form';

/** What the office's server last gave this phone (`carerApp.myVisits`), kept so the app works with no signal. */
export type MyVisits = RouterOutputs['carerApp']['myVisits'];
export type CarerPackage = MyVisits['packages'][number];
export type VisitAnswer = RouterOutputs['carerApp']['sync'][number];

/** Omit, on each member of a union. */
export type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** Where a visit saved on this phone has got to. */
export type VisitState = 'waiting' | 'sent' | 'refused';

/**
 * A visit saved on this phone: given, with its times, or not ("Couldn't visit"), with why and no times. Saved before
 * the carer could say a visit did not happen, a visit has its times and no `couldNotVisit`.
 */
export type PhoneVisit = PhoneVisitRecord & ({ start: string; end: string; couldNotVisit?: undefined } | { start: null; end: null; couldNotVisit: CouldNotVisit });

interface PhoneVisitRecord {
  /** Made by the phone (a UUID): the server records a visit once by it, however often it is sent. */
  id: string;
  packageId: string;
  /** The client's name as the phone showed it when the visit was saved: kept, whatever the office changes later. */
  clientName?: string;
  date: string;
  note?: string;
  /** The note is for the office to see. */
  tellOffice?: boolean;
  /** The carer changed this visit, sent before under this id: the new details go to replace the old. */
  change?: true;
  /** The carer took this visit, sent before under this id, back. */
  withdraw?: true;
  state: VisitState;
  /** The server's reason, in words, for a visit it refused. */
  reason?: string;
  /** When it was saved on the phone (ms), to send and show the oldest first. */
  savedAt: number;
  /** The planned visit it gives, when recorded from the day's plan. */
  plannedVisitId?: string;
}

/**
 * Wellbeing answers asked on this phone and not yet taken by the office: waiting to send, or refused (with why) for the
 * carer to tell the office. Once recorded they leave the phone: answers about health are kept at the office alone.
 */
export interface PhoneAsking {
  /** Made by the phone: the server records the answers once by it, however often they are sent. */
  id: string;
  clientName: string;
  input: WellbeingInput;
  state: 'waiting' | 'refused';
  reason?: string;
  savedAt: number;
}

/** The server's word on one asking the phone sent. */
export type AskingAnswer = RouterOutputs['carerApp']['sendWellbeing'][number];

/** A visit being taken live: started, not yet finished. Kept so closing the app mid-visit loses nothing. */
export interface LiveVisit {
  packageId: string;
  date: string;
  start: string;
  /** Started from the day's plan: the planned visit it gives. */
  plannedVisitId?: string;
}

/** A planned visit the carer started, for the office's Today: sent with the visits, then forgotten. */
export type VisitStart = NonNullable<RouterInputs['carerApp']['sync']['starts']>[number];

/** A visit form left open: what it opened with and what was typed, so closing the app mid-form loses nothing. */
export interface OpenForm {
  packageId: string;
  initial: VisitDraft;
  typed: VisitDraft;
  /** The id of the sent visit the form changes, when it changes one. */
  changing?: string;
  /** Recorded from the day's plan: the planned visit it gives. */
  plannedVisitId?: string;
}

/** The wellbeing questions being asked: the client, and what was answered so far, so closing the app loses nothing. */
export interface OpenAsking {
  clientId: string;
  clientName: string;
  draft: WellbeingDraft;
}

interface Meta {
  /** The account (ID token `sub`) this phone's data belongs to. */
  owner: string;
  myVisits: MyVisits & { fetchedAt: number };
  live: LiveVisit;
  /** Starts of planned visits not yet sent. */
  starts: VisitStart[];
  form: OpenForm;
  asking: OpenAsking;
  /** The carer added the app to the home screen, or put the hint away. */
  homeScreenHintDone: boolean;
}

interface CarerStore extends DBSchema {
  visits: { key: string; value: PhoneVisit; indexes: { state: VisitState } };
  askings: { key: string; value: PhoneAsking; indexes: { state: PhoneAsking['state'] } };
  meta: { key: keyof Meta; value: Meta[keyof Meta] };
}

export const OUTBOX_DB = 'valecare-carer';

/**
 * The phone's store, in IndexedDB: the visits saved here (each written before the app says it is saved, and kept
 * until the server has it), the carer's packages as last fetched, and a visit under way. Nothing else is kept.
 */
export class Outbox {
  /** The last visit's savedAt: each visit saved after it is later, even within one millisecond. */
  private lastSavedAt = 0;

  private constructor(private readonly db: IDBPDatabase<CarerStore>) {}

  static async open(name = OUTBOX_DB): Promise<Outbox> {
    const db = await openDB<CarerStore>(name, 2, {
      upgrade(store, oldVersion) {
        if (oldVersion < 1) {
          store.createObjectStore('visits', { keyPath: 'id' }).createIndex('state', 'state');
          store.createObjectStore('meta');
        }
        if (oldVersion < 2) store.createObjectStore('askings', { keyPath: 'id' }).createIndex('state', 'state');
      },
      // Another window is wiping the phone (signing out): this one lets go, or the wipe would wait for it.
      blocking() {
        db.close();
      },
    });
    const outbox = new Outbox(db);
    outbox.lastSavedAt = Math.max(0, ...(await db.getAll('visits')).map((v) => v.savedAt));
    return outbox;
  }

  /** Saved for good before it answers: 'strict' waits for the disk, so a phone killed next keeps the visit. */
  async save(visit: DistributiveOmit<PhoneVisit, 'state' | 'savedAt'>): Promise<PhoneVisit> {
    this.lastSavedAt = Math.max(Date.now(), this.lastSavedAt + 1);
    const saved: PhoneVisit = { ...visit, state: 'waiting', savedAt: this.lastSavedAt };
    const tx = this.db.transaction('visits', 'readwrite', { durability: 'strict' });
    await Promise.all([tx.store.put(saved), tx.done]);
    return saved;
  }

  async all(): Promise<PhoneVisit[]> {
    return (await this.db.getAll('visits')).sort((a, b) => a.savedAt - b.savedAt);
  }

  /** The oldest visits still to send, at most `limit`. */
  async waiting(limit: number): Promise<PhoneVisit[]> {
    return (await this.db.getAllFromIndex('visits', 'state', 'waiting')).sort((a, b) => a.savedAt - b.savedAt).slice(0, limit);
  }

  async countWaiting(): Promise<number> {
    return this.db.countFromIndex('visits', 'state', 'waiting');
  }

  /**
   * The server's answers: recorded, kept for the office to resolve or already there is sent (the server's list then
   * says which); refused keeps the visit, with the reason, for the carer to put right.
   */
  async settle(answers: VisitAnswer[]): Promise<void> {
    const tx = this.db.transaction('visits', 'readwrite', { durability: 'strict' });
    for (const answer of answers) {
      const visit = await tx.store.get(answer.id);
      if (!visit) continue;
      await tx.store.put(answer.result === 'refused' ? { ...visit, state: 'refused', reason: answer.reason } : { ...visit, state: 'sent', reason: undefined });
    }
    await tx.done;
  }

  /** Sent visits the server's list now holds are shown from that list: the phone's copy goes. */
  async forgetSent(onServer: ReadonlySet<string>): Promise<void> {
    const tx = this.db.transaction('visits', 'readwrite');
    for (const visit of await tx.store.index('state').getAll('sent')) if (onServer.has(visit.id)) await tx.store.delete(visit.id);
    await tx.done;
  }

  /** A refused visit the carer has taken up with the office: off the phone. */
  async remove(id: string): Promise<void> {
    await this.db.delete('visits', id);
  }

  /** Saved for good before the app says so, as a visit is. */
  async saveAsking(asking: Omit<PhoneAsking, 'state' | 'savedAt'>): Promise<void> {
    this.lastSavedAt = Math.max(Date.now(), this.lastSavedAt + 1);
    const tx = this.db.transaction('askings', 'readwrite', { durability: 'strict' });
    await Promise.all([tx.store.put({ ...asking, state: 'waiting', savedAt: this.lastSavedAt }), tx.done]);
  }

  async askings(): Promise<PhoneAsking[]> {
    return (await this.db.getAll('askings')).sort((a, b) => a.savedAt - b.savedAt);
  }

  async waitingAskings(limit: number): Promise<PhoneAsking[]> {
    return (await this.db.getAllFromIndex('askings', 'state', 'waiting')).sort((a, b) => a.savedAt - b.savedAt).slice(0, limit);
  }

  /** Recorded ones leave the phone; refused ones stay, with why, until the carer has told the office. */
  async settleAskings(answers: AskingAnswer[]): Promise<void> {
    const tx = this.db.transaction('askings', 'readwrite', { durability: 'strict' });
    for (const answer of answers) {
      const asking = await tx.store.get(answer.id);
      if (!asking) continue;
      if (answer.result === 'recorded') await tx.store.delete(answer.id);
      else await tx.store.put({ ...asking, state: 'refused', reason: answer.reason });
    }
    await tx.done;
  }

  async removeAsking(id: string): Promise<void> {
    await this.db.delete('askings', id);
  }

  async get<K extends keyof Meta>(key: K): Promise<Meta[K] | undefined> {
    return (await this.db.get('meta', key)) as Meta[K] | undefined;
  }

  async set<K extends keyof Meta>(key: K, value: Meta[K] | undefined): Promise<void> {
    if (value === undefined) await this.db.delete('meta', key);
    else await this.db.put('meta', value, key);
  }

  close(): void {
    this.db.close();
  }

  /** Everything the app kept on this phone, gone: at sign-out, when access ends, and before another account's data. */
  static async wipe(outbox?: Outbox, name = OUTBOX_DB): Promise<void> {
    outbox?.close();
    await deleteDB(name);
  }
}
