import { describe, expect, it } from 'vitest';
import { FUNDER_MESSAGES } from '@/server/records/funders';
import { newCarer, newClient } from '@/server/test/builders';
import { newPackage, newRequest } from '@/server/test/care-builders';
import { testAppForFile } from '@/server/test/test-app-for-file';

// Who funds care: the list the office keeps, and the package that names one.

const TODAY = '2026-03-16';

const { t, admin } = testAppForFile({ today: TODAY });
const coordinator = t.caller('Coordinator');

async function newPackageFor(name: string) {
  const client = await admin.clients.create(newClient({ name }));
  const mp = await admin.mps.create(newCarer({ name: `${name} Carer` }));
  const request = await admin.requests.create(newRequest(client.id, { startDate: '2026-01-05', weeklyHours: 2 }));
  return { mp, request, input: newPackage(mp.id, request.id, { startDate: '2026-01-05', weeklyHours: 2 }) };
}

describe('funders', () => {
  it('keeps one of each name whatever its capitals, renamed and archived against the version seen', async () => {
    const fund = await coordinator.funders.create({ name: 'Lottery Community Fund' });
    await expect(coordinator.funders.create({ name: 'lottery community fund' })).rejects.toThrow('A funder of that name is on the list already.');
    const renamed = await coordinator.funders.update({ ...fund, name: 'National Lottery Community Fund', archived: true });
    expect(renamed).toEqual({ id: fund.id, name: 'National Lottery Community Fund', archived: true, version: 2 });
    await expect(coordinator.funders.update({ ...fund, name: 'Stale' })).rejects.toThrow(/changed by someone else/);
    expect((await t.caller('Finance').funders.list()).find((f) => f.id === fund.id)).toEqual(renamed);
    await expect(t.caller('Trustee').funders.create({ name: 'Not Theirs' })).rejects.toThrow(/may not create funders/);
  });

  it('is named by a package from the list; one not on it, or archived, is refused, and an archived one stays where it was', async () => {
    const council = await coordinator.funders.create({ name: 'County Council Contract' });
    const { input } = await newPackageFor('Fiona Funded');
    const pkg = await coordinator.packages.create({ ...input, details: { ...input.details, funderId: council.id } });
    expect(pkg.details.funderId).toBe(council.id);
    expect((await admin.packages.getById({ id: pkg.id })).details.funderId).toBe(council.id);

    await coordinator.funders.update({ ...council, archived: true });
    // The package keeps it through a change of anything else; a new package may not take it.
    const stored = await admin.packages.getById({ id: pkg.id });
    const changed = await coordinator.packages.update({ ...stored, details: { ...stored.details, weeklyHours: 3 } });
    expect(changed.details).toMatchObject({ weeklyHours: 3, funderId: council.id });
    const other = await newPackageFor('Gwen Unfunded');
    await expect(coordinator.packages.create({ ...other.input, details: { ...other.input.details, funderId: council.id } })).rejects.toThrow(FUNDER_MESSAGES.archived);
    await expect(coordinator.packages.create({ ...other.input, details: { ...other.input.details, funderId: 'fnotonthelist2345' } })).rejects.toThrow(FUNDER_MESSAGES.unknown);
    expect((await admin.clients.getById({ id: other.request.clientId })).requests[0]!.packages).toEqual([]);
  });

  it('stays on a package changed without naming it (a file from before funders), and on its renewal', async () => {
    const fund = await coordinator.funders.create({ name: 'Parish Grant' });
    const { input } = await newPackageFor('Hilda Kept');
    const pkg = await coordinator.packages.create({ ...input, details: { ...input.details, funderId: fund.id } });
    const { funderId: _left, ...details } = (await admin.packages.getById({ id: pkg.id })).details;
    const changed = await coordinator.packages.update({ ...(await admin.packages.getById({ id: pkg.id })), details: { ...details, notes: 'Mornings' } });
    expect(changed.details).toMatchObject({ notes: 'Mornings', funderId: fund.id });
    const { newPackage } = await coordinator.packages.renew({ oldPackage: { id: pkg.id, version: changed.version, endDate: '2026-03-15' }, newPackage: { startDate: '2026-03-16', details } });
    expect(newPackage.details.funderId).toBe(fund.id);
  });
});
