import {
  BellRing,
  BriefcaseMedical,
  CalendarCheck,
  CalendarDays,
  FileUp,
  ClipboardList,
  Clock,
  ListChecks,
  GraduationCap,
  HeartHandshake,
  LayoutDashboard,
  type LucideIcon,
  Package,
  ScrollText,
  ShieldHalf,
  ShieldCheck,
  Umbrella,
  UserCog,
  Users,
} from 'lucide-react';
import { can, canSeeDashboard, type Resource, type Role } from '@/shared/permissions';

export interface NavItem {
  to: string;
  label: string;
  icon: LucideIcon;
  /** Shown only when the role can read what the screen shows (spec §2.2). */
  visible: (role: Role) => boolean;
}

const reads =
  (...resources: Resource[]) =>
  (role: Role) =>
    resources.every((resource) => can(role, resource, 'read'));

export const NAV_ITEMS: readonly NavItem[] = [
  { to: '/dashboard', label: 'Dashboard', icon: LayoutDashboard, visible: canSeeDashboard },
  // Beyond the spec's table: the day's planned visits as they happen (issue 49).
  { to: '/today', label: 'Today', icon: Clock, visible: reads('plannedVisits') },
  { to: '/requests', label: 'Requests', icon: ClipboardList, visible: reads('requests') },
  { to: '/packages', label: 'Packages', icon: Package, visible: reads('packages') },
  { to: '/deliveries', label: 'Timesheets', icon: CalendarCheck, visible: reads('deliveries') },
  { to: '/clients', label: 'Clients', icon: Users, visible: reads('clients') },
  { to: '/mps', label: 'MPs', icon: BriefcaseMedical, visible: reads('mps') },
  { to: '/volunteers', label: 'Volunteers', icon: HeartHandshake, visible: reads('volunteers') },
  { to: '/dbs', label: 'DBS', icon: ShieldCheck, visible: reads('volunteers', 'mps') },
  { to: '/public-liability', label: 'Public Liability', icon: Umbrella, visible: reads('volunteers', 'mps') },
  { to: '/records', label: 'Records', icon: GraduationCap, visible: reads('trainingRecords') },
  { to: '/mag', label: 'MAG', icon: CalendarDays, visible: reads('mag') },
  // Beyond the spec's table: what a carer needs to be given care (set by Admins, read by every role that reads carers),
  // the audit trail and the other Admin screens, for the roles that may read them.
  { to: '/compliance', label: 'Compliance', icon: ListChecks, visible: reads('compliance') },
  { to: '/audit', label: 'Audit', icon: ScrollText, visible: reads('audit') },
  { to: '/data-protection', label: 'Data protection', icon: ShieldHalf, visible: reads('dataProtection') },
  { to: '/reminders', label: 'Reminders', icon: BellRing, visible: reads('reminders') },
  { to: '/staff', label: 'Staff', icon: UserCog, visible: reads('staff') },
  { to: '/import', label: 'Import', icon: FileUp, visible: reads('transfer') },
];

export function navItemsFor(role: Role): NavItem[] {
  return NAV_ITEMS.filter((item) => item.visible(role));
}
