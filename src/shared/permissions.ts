/** The role-based access matrix of spec §6: one module, used by the server to enforce and the UI to hide. */

/** The office's roles: accounts of staff, each seeing what its row of the matrix grants. */
export const STAFF_ROLES = ['Admin', 'Trustee', 'Coordinator', 'Finance', 'Test'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
/** A carer's own account, tied to one carer's record: the carer app alone, and no procedure of the office. */
export const CARER_ROLE = 'Carer';
export const ROLES = [...STAFF_ROLES, CARER_ROLE] as const;
export type Role = (typeof ROLES)[number];

export const RESOURCES = [
  'clients',
  'mps',
  'volunteers',
  'packages',
  'mag',
  'requests',
  'trainingRecords',
  'analytics',
  /** The audit trail: who changed what, and sign-ins. Beyond the spec's matrix; read-only for Admin and Test. */
  'audit',
  /** Subject access exports (read), erasure by anonymisation (update) and the retention review; Admin and Test. */
  'dataProtection',
  /** The expiry digest and carer reminders: settings, sending now, runs and messages; Admin and Test. */
  'reminders',
  /** Staff accounts: the list (read), inviting (create), role, disable, two-step and password reset (update), removal (delete); Admin and Test. */
  'staff',
  /** Every record at once: the whole-data export (read) and imports (create); Admin and Test. */
  'transfer',
  /** Care actually given, day by day (the timesheet), and carers' monthly statements. */
  'deliveries',
  /** Closing a month's delivery figures once reported, and reopening it (update); Admin and Test. */
  'monthClosing',
  /** What makes a carer compliant (required training, public liability, the DBS re-check policy): read by every role that reads carers, set by Admin and Test. */
  'compliance',
  /** A carer's account on the carer app: whether they have it (read), inviting them (create), revoking it (update). */
  'carerApp',
  /** The day's planned visits (Today) and one week's changes to them (update): Admin, Coordinator and Test; Trustee reads. */
  'plannedVisits',
  /** A client's wellbeing answers (about health): Admin and Coordinator read and record; the reports give the others totals. */
  'wellbeing',
  /** How often people are asked again, and whether carers may ask: read by Admin and Coordinator, set by Admin and Test. */
  'wellbeingSettings',
  /** The list of who funds care, which a package may name: read wherever packages are; kept by Admin and Coordinator. */
  'funders',
] as const;
export type Resource = (typeof RESOURCES)[number];

export const ACTIONS = ['read', 'create', 'update', 'delete'] as const;
export type Action = (typeof ACTIONS)[number];

type Grants = Partial<Record<Resource, readonly Action[]>>;

const ALL: readonly Action[] = ACTIONS;
const READ: readonly Action[] = ['read'];
const NOT_DELETE: readonly Action[] = ['read', 'create', 'update'];

const full: Grants = {
  clients: ALL,
  volunteers: ALL,
  packages: ALL,
  mag: ALL,
  mps: ALL,
  requests: ALL,
  trainingRecords: ALL,
  analytics: READ,
  audit: READ,
  dataProtection: ['read', 'update'],
  reminders: ['read', 'update'],
  staff: ALL,
  transfer: ['read', 'create'],
  deliveries: ALL,
  monthClosing: ['update'],
  compliance: ['read', 'update'],
  carerApp: NOT_DELETE,
  plannedVisits: ['read', 'update'],
  wellbeing: ['read', 'create'],
  wellbeingSettings: ['read', 'update'],
  funders: NOT_DELETE,
};

/** Anything not listed is denied. */
export const PERMISSIONS: Record<Role, Grants> = {
  Test: full,
  Admin: full,
  Trustee: {
    clients: READ,
    volunteers: READ,
    packages: READ,
    mag: READ,
    mps: READ,
    requests: ['read', 'update'],
    trainingRecords: READ,
    analytics: READ,
    deliveries: READ,
    compliance: READ,
    carerApp: READ,
    plannedVisits: READ,
    funders: READ,
  },
  Coordinator: {
    clients: NOT_DELETE,
    volunteers: NOT_DELETE,
    packages: NOT_DELETE,
    mag: NOT_DELETE,
    mps: NOT_DELETE,
    requests: NOT_DELETE,
    trainingRecords: READ,
    analytics: READ,
    deliveries: ALL,
    compliance: READ,
    carerApp: NOT_DELETE,
    plannedVisits: ['read', 'update'],
    wellbeing: ['read', 'create'],
    wellbeingSettings: READ,
    funders: NOT_DELETE,
  },
  Finance: {
    clients: READ,
    volunteers: READ,
    packages: READ,
    mag: READ,
    requests: READ,
    analytics: READ,
    deliveries: READ,
    compliance: READ,
    funders: READ,
  },
  // The carer app's own procedures check for this role; the office's grant it nothing.
  Carer: {},
};

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

export function isStaffRole(role: Role): role is StaffRole {
  return role !== CARER_ROLE;
}

export function can(role: Role, resource: Resource, action: Action): boolean {
  return PERMISSIONS[role][resource]?.includes(action) ?? false;
}

/** The dashboard is a pseudo-resource: it shows whatever of these the role can read. */
export function canSeeDashboard(role: Role): boolean {
  return (['packages', 'clients', 'mps', 'volunteers'] as const).some((r) => can(role, r, 'read'));
}
