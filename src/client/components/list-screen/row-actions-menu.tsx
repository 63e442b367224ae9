import { Archive, ArchiveArrowUp, CalendarClock, ClipboardPlus, Ellipsis, Eye, GraduationCap, type LucideIcon, PackagePlus, Pencil, RefreshCw, Trash } from 'lucide-react';
import { useRef } from 'react';
import { rememberDialogOpener } from '@/client/components/dialog-opener';
import { Button } from '@/client/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from '@/client/components/ui/dropdown-menu';
import { type RowActionKind, rowActionLabel, rowActionsFor } from './row-actions';
import type { RowActions } from './types';

type DirectActionKind = Exclude<RowActionKind, 'delete'>;

const ACTION_ICONS: Record<DirectActionKind, LucideIcon> = {
  view: Eye,
  edit: Pencil,
  addPackage: PackagePlus,
  addRequest: ClipboardPlus,
  addTraining: GraduationCap,
  planVisits: CalendarClock,
  renew: RefreshCw,
  archive: Archive,
};

interface RowActionsMenuProps<T> {
  row: T;
  rowLabel: string;
  /** Already filtered by permission; see `visibleRowActions`. */
  kinds: readonly RowActionKind[];
  actions: RowActions<T>;
  /** Delete is confirmed first, so the menu only asks for it, passing its button to return focus to. */
  onRequestDelete: (row: T, trigger: HTMLButtonElement | null) => void;
}

export function RowActionsMenu<T>({ row, rowLabel, kinds, actions, onRequestDelete }: RowActionsMenuProps<T>) {
  const triggerRef = useRef<HTMLButtonElement>(null);
  const isArchived = actions.isArchived?.(row) ?? false;
  const handlers: Record<DirectActionKind, ((row: T) => void) | undefined> = {
    view: actions.onView,
    edit: actions.onEdit,
    addPackage: actions.onAddPackage,
    addRequest: actions.onAddRequest,
    addTraining: actions.onAddTraining,
    planVisits: actions.onPlanVisits,
    renew: actions.onRenew,
    archive: actions.onArchive,
  };
  const directKinds = rowActionsFor(kinds, isArchived).filter((kind): kind is DirectActionKind => kind !== 'delete');
  const canDelete = kinds.includes('delete');

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button ref={triggerRef} variant="ghost" size="icon" className="size-8" aria-label={`Actions for ${rowLabel}`}>
          <Ellipsis aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {directKinds.map((kind) => {
          const Icon = kind === 'archive' && isArchived ? ArchiveArrowUp : ACTION_ICONS[kind];
          return (
            <DropdownMenuItem
              key={kind}
              onSelect={() => {
                // The view dialog gives focus back to this button when it closes; the menu item will be gone.
                if (kind === 'view') rememberDialogOpener(triggerRef.current);
                handlers[kind]?.(row);
              }}
            >
              <Icon aria-hidden />
              {rowActionLabel(kind, isArchived)}
            </DropdownMenuItem>
          );
        })}
        {canDelete && directKinds.length > 0 && <DropdownMenuSeparator />}
        {canDelete && (
          <DropdownMenuItem variant="destructive" onSelect={() => onRequestDelete(row, triggerRef.current)}>
            <Trash aria-hidden />
            {rowActionLabel('delete', isArchived)}
          </DropdownMenuItem>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
