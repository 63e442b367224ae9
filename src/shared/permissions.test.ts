import { describe, expect, it } from 'vitest';
import { ACTIONS, can, CARER_ROLE, canSeeDashboard, isStaffRole, RESOURCES, ROLES, STAFF_ROLES } from './permissions';

describe('permission matrix (spec §6)', () => {
  it('gives Admin and Test everything but writes to analytics and the audit trail', () => {
    for (const role of ['Admin', 'Test'] as const) {
      for (const resource of RESOURCES) {
        for (const action of ACTIONS) {
          const expected =
            resource === 'analytics' || resource === 'audit'
              ? action === 'read'
              : ['dataProtection', 'reminders', 'compliance', 'plannedVisits', 'wellbeingSettings'].includes(resource)
                ? action === 'read' || action === 'update'
                : resource === 'transfer' || resource === 'wellbeing'
                  ? action === 'read' || action === 'create'
                  : resource === 'monthClosing'
                    ? action === 'update'
                    : resource === 'carerApp' || resource === 'funders'
                      ? action !== 'delete'
                      : true;
          expect(can(role, resource, action)).toBe(expected);
        }
      }
    }
  });

  it('lets only Admin and Test read the audit trail, serve data protection rights, run reminders, manage staff and export or import everything', () => {
    expect(ROLES.filter((role) => can(role, 'audit', 'read'))).toEqual(['Admin', 'Test']);
    expect(ROLES.filter((role) => can(role, 'dataProtection', 'update'))).toEqual(['Admin', 'Test']);
    expect(ROLES.filter((role) => can(role, 'reminders', 'read'))).toEqual(['Admin', 'Test']);
    for (const action of ACTIONS) expect(ROLES.filter((role) => can(role, 'staff', action))).toEqual(['Admin', 'Test']);
    expect(ROLES.filter((role) => can(role, 'transfer', 'read'))).toEqual(['Admin', 'Test']);
    expect(ROLES.filter((role) => can(role, 'transfer', 'create'))).toEqual(['Admin', 'Test']);
  });

  it('lets a Trustee read everything but the audit trail, data protection, reminders, staff and the whole-data export, and update only requests', () => {
    for (const resource of RESOURCES) {
      expect(can('Trustee', resource, 'read')).toBe(!['audit', 'dataProtection', 'reminders', 'staff', 'transfer', 'monthClosing', 'wellbeing', 'wellbeingSettings'].includes(resource));
      expect(can('Trustee', resource, 'update')).toBe(resource === 'requests');
      expect(can('Trustee', resource, 'create')).toBe(false);
      expect(can('Trustee', resource, 'delete')).toBe(false);
    }
  });

  it('lets a Coordinator do everything but delete, and only read training records (care given, recorded cell by cell, they may also clear)', () => {
    expect(can('Coordinator', 'clients', 'create')).toBe(true);
    expect(can('Coordinator', 'clients', 'delete')).toBe(false);
    expect(can('Coordinator', 'trainingRecords', 'read')).toBe(true);
    expect(can('Coordinator', 'trainingRecords', 'create')).toBe(false);
  });

  it('denies Finance MPs and training records', () => {
    expect(can('Finance', 'mps', 'read')).toBe(false);
    expect(can('Finance', 'trainingRecords', 'read')).toBe(false);
    expect(can('Finance', 'clients', 'read')).toBe(true);
    expect(can('Finance', 'clients', 'update')).toBe(false);
  });

  it('lets Admin, Test and Coordinator record care given, Trustee and Finance read it, and only Admin and Test close a month', () => {
    for (const action of ACTIONS) expect(ROLES.filter((role) => can(role, 'deliveries', action))).toEqual(action === 'read' ? [...STAFF_ROLES] : ['Admin', 'Coordinator', 'Test']);
    expect(ROLES.filter((role) => can(role, 'monthClosing', 'update'))).toEqual(['Admin', 'Test']);
  });

  it('lets every role that reads MPs or volunteers read the compliance settings, and only Admin and Test change them', () => {
    for (const role of ROLES) expect(can(role, 'compliance', 'read')).toBe(can(role, 'mps', 'read') || can(role, 'volunteers', 'read'));
    expect(ROLES.filter((role) => can(role, 'compliance', 'update'))).toEqual(['Admin', 'Test']);
    for (const action of ['create', 'delete'] as const) expect(ROLES.filter((role) => can(role, 'compliance', action))).toEqual([]);
  });

  it('makes analytics read-only for every role of the office', () => {
    for (const role of STAFF_ROLES) {
      expect(can(role, 'analytics', 'read')).toBe(true);
      expect(can(role, 'analytics', 'create')).toBe(false);
    }
  });

  it('shows the dashboard to every role that can read a carer, client or package', () => {
    for (const role of STAFF_ROLES) expect(canSeeDashboard(role)).toBe(true);
  });

  it('grants a carer’s account nothing of the office: the carer app checks for its role itself', () => {
    for (const resource of RESOURCES) for (const action of ACTIONS) expect(can(CARER_ROLE, resource, action)).toBe(false);
    expect(canSeeDashboard(CARER_ROLE)).toBe(false);
    expect(isStaffRole(CARER_ROLE)).toBe(false);
    expect(STAFF_ROLES.every(isStaffRole)).toBe(true);
  });

  it('lets Admin, Coordinator and Test invite carers to the carer app and revoke it, and Trustee see who has it', () => {
    expect(ROLES.filter((role) => can(role, 'carerApp', 'create'))).toEqual(['Admin', 'Coordinator', 'Test']);
    expect(ROLES.filter((role) => can(role, 'carerApp', 'update'))).toEqual(['Admin', 'Coordinator', 'Test']);
    expect(ROLES.filter((role) => can(role, 'carerApp', 'read'))).toEqual(['Admin', 'Trustee', 'Coordinator', 'Test']);
  });

  it("lets only Admin, Coordinator and Test read and record a person's wellbeing answers (none change them yet), and only Admin and Test set how often they are asked", () => {
    expect(ROLES.filter((role) => can(role, 'wellbeing', 'read'))).toEqual(['Admin', 'Coordinator', 'Test']);
    expect(ROLES.filter((role) => can(role, 'wellbeing', 'create'))).toEqual(['Admin', 'Coordinator', 'Test']);
    expect(ROLES.filter((role) => can(role, 'wellbeing', 'update'))).toEqual([]);
    expect(ROLES.filter((role) => can(role, 'wellbeingSettings', 'update'))).toEqual(['Admin', 'Test']);
    // The funders' list is read wherever packages are, and kept by those who make packages.
    for (const role of ROLES) expect(can(role, 'funders', 'read')).toBe(can(role, 'packages', 'read'));
    expect(ROLES.filter((role) => can(role, 'funders', 'update'))).toEqual(['Admin', 'Coordinator', 'Test']);
  });

  it('shows the day’s planned visits to Admin, Coordinator, Test and Trustee, and lets all but Trustee change a week’s visit', () => {
    expect(ROLES.filter((role) => can(role, 'plannedVisits', 'read'))).toEqual(['Admin', 'Trustee', 'Coordinator', 'Test']);
    expect(ROLES.filter((role) => can(role, 'plannedVisits', 'update'))).toEqual(['Admin', 'Coordinator', 'Test']);
  });
});
