/**
 * Records of one kind this server lately read or wrote, each as it stood at its version, for each database.
 * A change made against one needs no read first: it is stored only while the row is still at that version
 * (saveUnchangedSince), and the database moves a record's version on with every write to its row (the
 * `next_version` trigger of migration 0011), so a row at the version remembered is the row remembered. What is
 * remembered is a hint, never the truth: a change that finds the row moved on forgets it and reads afresh.
 */
export class RecentRecords<R> {
  private readonly byDatabase = new WeakMap<object, Map<string, { record: R; at: number }>>();

  constructor(
    /** Records kept per database, the one used longest ago forgotten first. */
    private readonly limit = 1000,
    /** How long a record is kept: long enough for a form opened, changed and saved. */
    private readonly keepMs = 15 * 60_000,
  ) {}

  private of(db: object) {
    let records = this.byDatabase.get(db);
    if (!records) this.byDatabase.set(db, (records = new Map()));
    return records;
  }

  remember(db: object, id: string, record: R): void {
    const records = this.of(db);
    records.delete(id);
    records.set(id, { record, at: Date.now() });
    if (records.size > this.limit) records.delete(records.keys().next().value!);
  }

  recall(db: object, id: string): R | undefined {
    const records = this.of(db);
    const kept = records.get(id);
    if (!kept) return undefined;
    if (Date.now() - kept.at > this.keepMs) {
      records.delete(id);
      return undefined;
    }
    return kept.record;
  }

  forget(db: object, id: string): void {
    this.of(db).delete(id);
  }
}
