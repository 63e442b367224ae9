import { CARER_RESOURCES, carerKindOf } from '@/shared/carer-kind';
import { can, type Resource, type Role } from '@/shared/permissions';

// What a role may read of a record, trimmed here by the services on every path (lists, views, reports, search), so
// the permission matrix applies the same way wherever a record is read.

/** Whether the role may read the kind of carer (MP or volunteer) the id belongs to, and so see the carer's name. */
export function mayReadCarer(role: Role, carerId: string): boolean {
  const kind = carerKindOf(carerId);
  return kind !== null && can(role, CARER_RESOURCES[kind], 'read');
}

/**
 * The record (a package in a list, a timesheet or a statement) with its carer's name only for a role that may read
 * that kind of carer (Finance reads volunteers but not MPs, as with MAG attendees).
 */
export function carerNameFor<P extends { carerId: string; carerName: string }>(role: Role, pkg: P): P {
  return mayReadCarer(role, pkg.carerId) ? pkg : { ...pkg, carerName: '' };
}

/**
 * Drops related records the role may not read (Finance reads volunteers but not their training records), so no
 * procedure leaks another resource's data through a nested include.
 */
export function onlyReadable<T extends object>(role: Role, record: T, nested: Partial<Record<keyof T, Resource>>): T {
  const copy = { ...record };
  for (const [key, resource] of Object.entries(nested) as [keyof T, Resource][]) {
    if (!can(role, resource, 'read')) delete copy[key];
  }
  return copy;
}
