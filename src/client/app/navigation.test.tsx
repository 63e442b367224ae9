import { describe, expect, it } from 'vitest';
import { navItemsFor } from './navigation';

const labels = (role: Parameters<typeof navItemsFor>[0]) => navItemsFor(role).map((item) => item.label);

describe('sidebar items by role (spec §2.2)', () => {
  it('shows Finance only what it can read', () => {
    expect(labels('Finance')).toEqual(['Dashboard', 'Requests', 'Packages', 'Timesheets', 'Clients', 'Volunteers', 'MAG', 'Compliance']);
  });

  it('shows Trustee and Coordinator every item of the spec, Today, Timesheets and Compliance, and Admin and Test the audit trail, data protection, reminders and staff too', () => {
    const all = ['Dashboard', 'Today', 'Requests', 'Packages', 'Timesheets', 'Clients', 'MPs', 'Volunteers', 'DBS', 'Public Liability', 'Records', 'MAG', 'Compliance'];
    for (const role of ['Trustee', 'Coordinator'] as const) expect(labels(role)).toEqual(all);
    for (const role of ['Admin', 'Test'] as const) expect(labels(role)).toEqual([...all, 'Audit', 'Data protection', 'Reminders', 'Staff', 'Import']);
  });
});
