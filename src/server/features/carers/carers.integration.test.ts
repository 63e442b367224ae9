import { describe, expect, it } from 'vitest';
import { packages, requests } from '@/server/db/schema/care';
import { trainingRecords } from '@/server/db/schema/training';
import { newCarer, newClient } from '@/server/test/builders';
import { testAppForFile } from '@/server/test/test-app-for-file';
import { NAME_CHANGE_REFUSED } from '@/server/records/people-rules';

const { t, admin } = testAppForFile();

describe('MPs and volunteers', () => {
  it('creates each kind with its id letter and keeps the kinds apart', async () => {
    const mp = await admin.mps.create(newCarer({ name: 'Mary Provider', dbsExpiry: '2027-01-31', publicLiabilityExpiry: '' }));
    const volunteer = await admin.volunteers.create(newCarer({ name: 'Val Unteer' }));
    expect(mp.id).toMatch(/^m/);
    expect(volunteer.id).toMatch(/^v/);
    expect(mp).toMatchObject({ dbsExpiry: '2027-01-31', publicLiabilityExpiry: '', archived: 'N' });
    expect(mp.details).toMatchObject({ capacity: 'Part Time', attendsMag: false, address: { county: 'Somerset' } });
    expect((await admin.mps.getAll()).map((c) => c.id)).toEqual([mp.id]);
    expect((await admin.volunteers.getAll()).map((c) => c.id)).toEqual([volunteer.id]);
    await expect(admin.mps.getById({ id: volunteer.id })).rejects.toThrow('Not a MP id');
  });

  it('renames through updateName only, and the training records follow the name', async () => {
    const mp = await admin.mps.create(newCarer({ name: 'Old Name' }));
    await t.database.db.insert(trainingRecords).values({ id: 'ttest1', ownerId: mp.id, name: 'Old Name', recordName: 'GDPR' });
    const { id, version, archived, dateOfBirth, dbsExpiry, publicLiabilityExpiry, details } = mp;
    await expect(
      admin.mps.update({ id, version, archived, dateOfBirth, dbsExpiry, publicLiabilityExpiry, details: { ...details, name: 'New' } }),
    ).rejects.toThrow(NAME_CHANGE_REFUSED);
    await expect(admin.mps.updateName({ mpId: mp.id, newName: 'New Name', capacity: 'x' } as never)).rejects.toThrow(/capacity/);
    await admin.mps.updateName({ mpId: mp.id, newName: 'New Name' });
    const stored = await admin.mps.getById({ id: mp.id });
    expect(stored.details.name).toBe('New Name');
    expect(stored.trainingRecords?.map((r) => r.details.name)).toEqual(['New Name']);
  });

  it('refuses to delete a carer with packages; deleting one without removes their training records', async () => {
    const busy = await admin.mps.create(newCarer());
    const client = await admin.clients.create(newClient());
    await t.database.db.insert(requests).values({ id: 'rbusy', clientId: client.id, startDate: '2025-01-01', postCode: 'TA4 2AB' });
    await t.database.db.insert(packages).values({ id: 'pbusy', carerId: busy.id, requestId: 'rbusy', startDate: '2025-01-01', postCode: 'TA4 2AB' });
    await expect(admin.mps.delete({ id: busy.id })).rejects.toThrow('This MP has packages');
    const detail = await admin.mps.getById({ id: busy.id });
    expect(detail.packages?.map((p) => p.id)).toEqual(['pbusy']);
    expect(detail.requests?.map((r) => [r.id, r.details.name])).toEqual([['rbusy', 'Edna Pollard']]);

    const free = await admin.volunteers.create(newCarer());
    await t.database.db.insert(trainingRecords).values({ id: 'tfree', ownerId: free.id, name: 'Sam Carter', recordName: 'First Aid' });
    await admin.volunteers.delete({ id: free.id });
    expect((await t.database.db.select().from(trainingRecords)).map((r) => r.id)).not.toContain('tfree');
  });

  it('follows the matrix: Finance cannot read MPs, and sees no training records through a volunteer', async () => {
    const finance = t.caller('Finance');
    await expect(finance.mps.getAll()).rejects.toThrow(/may not read mps/);
    const volunteer = await admin.volunteers.create(newCarer());
    const seen = await finance.volunteers.getById({ id: volunteer.id });
    expect(seen.details.name).toBe('Sam Carter');
    expect(seen).not.toHaveProperty('trainingRecords');
    expect(await t.caller('Trustee').volunteers.getById({ id: volunteer.id })).toHaveProperty('trainingRecords');
  });
});
