import type { ListPermissions, RowActions } from './types';

export type RowActionKind = 'view' | 'edit' | 'addPackage' | 'addRequest' | 'addTraining' | 'planVisits' | 'renew' | 'archive' | 'delete';

type RowActionHandler = Exclude<keyof RowActions<unknown>, 'isArchived'>;

interface RowActionRule {
  kind: RowActionKind;
  handler: RowActionHandler;
  /** The permission needed to see the action; null when everyone who can see the list may use it. */
  permission: keyof ListPermissions | null;
  /** Not offered on an archived row: new care is not started for someone archived. */
  activeOnly?: true;
}

/** Menu order and gating, in one place so every list behaves the same. */
const ROW_ACTION_RULES: readonly RowActionRule[] = [
  { kind: 'view', handler: 'onView', permission: null },
  { kind: 'edit', handler: 'onEdit', permission: 'update' },
  { kind: 'addPackage', handler: 'onAddPackage', permission: 'create' },
  { kind: 'addRequest', handler: 'onAddRequest', permission: 'create', activeOnly: true },
  { kind: 'addTraining', handler: 'onAddTraining', permission: 'create' },
  { kind: 'planVisits', handler: 'onPlanVisits', permission: 'update' },
  { kind: 'renew', handler: 'onRenew', permission: 'update' },
  { kind: 'archive', handler: 'onArchive', permission: 'update' },
  { kind: 'delete', handler: 'onDelete', permission: 'delete' },
];

/** The row actions a role sees: those the screen supports and the role is permitted, in menu order. */
export function visibleRowActions<T>(actions: RowActions<T> | undefined, permissions: ListPermissions): RowActionKind[] {
  if (!actions) return [];
  return ROW_ACTION_RULES.filter(
    (rule) => actions[rule.handler] !== undefined && (rule.permission === null || permissions[rule.permission]),
  ).map((rule) => rule.kind);
}

/** The visible actions that apply to one row: an archived row loses those meant only for active records. */
export function rowActionsFor(kinds: readonly RowActionKind[], isArchived: boolean): readonly RowActionKind[] {
  if (!isArchived) return kinds;
  return kinds.filter((kind) => !ROW_ACTION_RULES.find((rule) => rule.kind === kind)?.activeOnly);
}

const ROW_ACTION_LABELS: Record<Exclude<RowActionKind, 'archive'>, string> = {
  view: 'View',
  edit: 'Edit',
  addPackage: 'Add Package',
  addRequest: 'Add Request',
  addTraining: 'Add Training',
  planVisits: 'Plan Visits',
  renew: 'Renew',
  delete: 'Delete',
};

export function rowActionLabel(kind: RowActionKind, isArchived: boolean): string {
  if (kind === 'archive') return isArchived ? 'Unarchive' : 'Archive';
  return ROW_ACTION_LABELS[kind];
}
