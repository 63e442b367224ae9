import { describe, expect, it } from 'vitest';
import { rowActionLabel, rowActionsFor, visibleRowActions } from './row-actions';
import type { ListPermissions, RowActions } from './types';

const noop = () => {};
const everyAction: RowActions<unknown> = {
  onView: noop,
  onEdit: noop,
  onAddPackage: noop,
  onAddRequest: noop,
  onAddTraining: noop,
  onRenew: noop,
  onArchive: noop,
  onDelete: async () => {},
};
const none: ListPermissions = { create: false, update: false, delete: false };
const all: ListPermissions = { create: true, update: true, delete: true };

describe('visibleRowActions', () => {
  it('shows everything, in menu order, to a role with every permission', () => {
    expect(visibleRowActions(everyAction, all)).toEqual([
      'view',
      'edit',
      'addPackage',
      'addRequest',
      'addTraining',
      'renew',
      'archive',
      'delete',
    ]);
  });

  it('shows only View to a read-only role', () => {
    expect(visibleRowActions(everyAction, none)).toEqual(['view']);
  });

  it('gates Add Package, Add Request and Add Training on create', () => {
    expect(visibleRowActions(everyAction, { ...none, create: true })).toEqual(['view', 'addPackage', 'addRequest', 'addTraining']);
  });

  it('gates Edit, Renew and Archive on update', () => {
    expect(visibleRowActions(everyAction, { ...none, update: true })).toEqual(['view', 'edit', 'renew', 'archive']);
  });

  it('gates Delete on delete', () => {
    expect(visibleRowActions(everyAction, { ...none, delete: true })).toEqual(['view', 'delete']);
  });

  it('offers only the actions the screen supports', () => {
    expect(visibleRowActions({ onEdit: noop, isArchived: () => false }, all)).toEqual(['edit']);
    expect(visibleRowActions(undefined, all)).toEqual([]);
  });
});

describe('rowActionsFor', () => {
  it('keeps Add Request off an archived row and leaves the rest', () => {
    const kinds = visibleRowActions(everyAction, all);
    expect(rowActionsFor(kinds, false)).toEqual(kinds);
    expect(rowActionsFor(kinds, true)).toEqual(['view', 'edit', 'addPackage', 'addTraining', 'renew', 'archive', 'delete']);
  });
});

describe('rowActionLabel', () => {
  it('names Archive by the row state', () => {
    expect(rowActionLabel('archive', false)).toBe('Archive');
    expect(rowActionLabel('archive', true)).toBe('Unarchive');
  });

  it('uses the product wording', () => {
    expect(rowActionLabel('addPackage', false)).toBe('Add Package');
    expect(rowActionLabel('addRequest', false)).toBe('Add Request');
    expect(rowActionLabel('addTraining', false)).toBe('Add Training');
    expect(rowActionLabel('delete', false)).toBe('Delete');
  });
});
