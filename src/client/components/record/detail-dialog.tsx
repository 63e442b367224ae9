import { useMutation, useQuery } from '@tanstack/react-query';
import type { DecorateMutationProcedure, DecorateQueryProcedure, ResolverDef } from '@trpc/tanstack-react-query';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { takeDialogOpener } from '@/client/components/dialog-opener';
import { GuardedDialog } from '@/client/components/guarded-dialog';
import { DeleteConfirmDialog } from '@/client/components/list-screen/delete-confirm-dialog';
import { LoadState } from '@/client/components/load-state';
import { Button } from '@/client/components/ui/button';
import { DialogFooter } from '@/client/components/ui/dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/client/components/ui/tabs';
import { useCan } from '@/client/lib/auth';
import { cn } from '@/client/lib/utils';
import type { Resource } from '@/shared/permissions';
import type { DetailTab } from './detail-tab';
import { useHistoryTab } from './history-tab';

/** The view dialog of a record (spec §2.6): tabs, then Edit, Delete (confirmed) and Close. */
export function DetailDialog({
  open,
  onOpenChange,
  title,
  description,
  tabs,
  status,
  onEdit,
  onDelete,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  /** Undefined while loading or failed: `status` shows instead. */
  tabs: DetailTab[] | undefined;
  status?: ReactNode;
  onEdit?: () => void;
  onDelete?: () => Promise<unknown>;
}) {
  const [confirming, setConfirming] = useState(false);
  const deleteButton = useRef<HTMLButtonElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  // Each opening starts on the first tab.
  const [activeTab, setActiveTab] = useState<string>();
  if (!open && activeTab !== undefined) setActiveTab(undefined);
  const opener = useRef<HTMLElement | null>(null);
  // A tab with unsaved work (a note being written) is asked about before the dialog closes or the tab changes.
  return (
    <GuardedDialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={description ?? `Details of ${title}`}
      hideDescription={!description}
      contentProps={{
        showCloseButton: false,
        // One scroll box, the dialog itself: the tabs stay at its top and the buttons at its bottom as it scrolls.
        className: 'sm:max-w-3xl',
        onOpenAutoFocus: () => (opener.current = takeDialogOpener()),
        onCloseAutoFocus: (event) => {
          // Back to the row (or its actions button) the dialog was opened from, when it is still there.
          const target = opener.current;
          opener.current = null;
          if (target?.isConnected) {
            event.preventDefault();
            target.focus();
          }
        },
      }}
    >
      {({ close, confirmThen }) => (
        <>
          <div className="min-w-0">
            {tabs ? (
              <Tabs value={activeTab ?? tabs[0]?.value} onValueChange={(next) => confirmThen(() => setActiveTab(next))}>
                <ScrollingTabsList>
                  {tabs.map((tab) => (
                    <TabsTrigger key={tab.value} value={tab.value} className="flex-none">
                      {tab.label}
                    </TabsTrigger>
                  ))}
                </ScrollingTabsList>
                {tabs.map((tab) => (
                  <TabsContent key={tab.value} value={tab.value} className="pt-3">
                    {tab.content}
                  </TabsContent>
                ))}
              </Tabs>
            ) : (
              status
            )}
          </div>
          <DialogFooter className="bg-background sticky -bottom-6 z-10 -mx-6 -mb-6 flex-row flex-wrap justify-end border-t px-6 py-3">
            {onEdit && tabs && (
              <Button variant="outline" onClick={() => confirmThen(onEdit)}>
                Edit
              </Button>
            )}
            {onDelete && tabs && (
              <Button ref={deleteButton} variant="destructive" onClick={() => setConfirming(true)}>
                Delete
              </Button>
            )}
            <Button ref={closeButton} variant="secondary" onClick={close}>
              Close
            </Button>
          </DialogFooter>
          {onDelete && (
            <DeleteConfirmDialog
              open={confirming}
              onClose={() => setConfirming(false)}
              onConfirm={async () => {
                await onDelete();
                onOpenChange(false);
              }}
              itemName={title}
              returnFocusTo={() => deleteButton.current}
              focusAfterDelete={() => closeButton.current}
            />
          )}
        </>
      )}
    </GuardedDialog>
  );
}

/** A stored record as the view dialog needs it. */
export interface StoredRecord {
  id: string;
  version: number;
}

/** The procedures a record's view dialog loads and deletes it with. */
export interface RecordApi<TGet extends ResolverDef, TDelete extends ResolverDef> {
  getById: DecorateQueryProcedure<TGet>;
  delete: DecorateMutationProcedure<TDelete>;
}

/**
 * The view dialog of the record with the given id (closed while null): "Loading..." or the load error until
 * it arrives, then its tabs and, for the roles that may read the audit trail, History; Edit and Delete for
 * the roles that may.
 */
export function RecordDetailDialog<
  TGet extends ResolverDef & { input: { id: string }; output: StoredRecord },
  TDelete extends ResolverDef & { input: { id: string; version?: number } },
>({
  recordId,
  onClose,
  api,
  resource,
  words,
  title,
  tabs,
  history = false,
  tabsAfterHistory,
  editPath,
}: {
  recordId: string | null;
  onClose: () => void;
  api: RecordApi<TGet, TDelete>;
  resource: Resource;
  /** The dialog's title until the record arrives, and its load error. */
  words: { one: string; loadError: string };
  title: (record: TGet['output']) => string;
  tabs: (record: TGet['output']) => DetailTab[];
  history?: boolean;
  /** Tabs that come after History, such as a person's Data protection. */
  tabsAfterHistory?: (record: TGet['output']) => DetailTab[];
  editPath: (id: string) => string;
}) {
  const navigate = useNavigate();
  const canUpdate = useCan(resource, 'update');
  const canDelete = useCan(resource, 'delete');
  const query = useQuery(api.getById.queryOptions({ id: recordId ?? '' }, { enabled: recordId !== null }));
  const remove = useMutation(api.delete.mutationOptions());
  // Generic procedure types leave the record's type unresolved here; the callers' types are exact.
  const record = query.data as TGet['output'] | undefined;
  const historyTab = useHistoryTab(history ? record?.id : undefined);
  return (
    <DetailDialog
      open={recordId !== null}
      onOpenChange={(open) => !open && onClose()}
      title={record ? title(record) : words.one}
      // Shown only until the record arrives: then its tabs show instead.
      status={
        <LoadState query={query} errorText={words.loadError}>
          {() => null}
        </LoadState>
      }
      tabs={record && [...tabs(record), ...historyTab, ...(tabsAfterHistory?.(record) ?? [])]}
      onEdit={canUpdate && recordId ? () => void navigate(editPath(recordId)) : undefined}
      onDelete={canDelete && record ? () => remove.mutateAsync({ id: record.id, version: record.version } as TDelete['input']) : undefined}
    />
  );
}

/**
 * A row of tabs that scrolls sideways when it is wider than the dialog (a phone), showing that it does: the
 * cut edge fades, with an arrow button that scrolls that way.
 */
function ScrollingTabsList({ children }: { children: ReactNode }) {
  const listRef = useRef<HTMLDivElement>(null);
  const [more, setMore] = useState({ before: false, after: false });
  const update = useCallback(() => {
    const list = listRef.current;
    if (!list) return;
    const before = list.scrollLeft > 1;
    const after = list.scrollLeft + list.clientWidth < list.scrollWidth - 1;
    setMore((current) => (current.before === before && current.after === after ? current : { before, after }));
  }, []);
  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    update();
    const observer = new ResizeObserver(update);
    observer.observe(list);
    return () => observer.disconnect();
  }, [update]);
  const scrollBy = (direction: 1 | -1) => listRef.current?.scrollBy({ left: direction * listRef.current.clientWidth * 0.6, behavior: 'smooth' });
  const fade = 'from-muted pointer-events-none absolute inset-y-0 w-8 to-transparent';
  return (
    <div className="bg-background sticky -top-6 z-10 -mx-6 px-6 py-1" data-testid="detail-tabs" data-scrolls-before={more.before} data-scrolls-after={more.after}>
      <div className="relative">
      <TabsList ref={listRef} onScroll={update} className="w-full [scrollbar-width:none] justify-start overflow-x-auto">
        {children}
      </TabsList>
      {more.before && <span aria-hidden className={cn(fade, 'left-0 rounded-l-lg bg-gradient-to-r')} />}
      {more.after && <span aria-hidden className={cn(fade, 'right-0 rounded-r-lg bg-gradient-to-l')} />}
      {/* Pointer-only helpers: keyboard users move between tabs with the arrow keys, which scroll the row. */}
      {more.before && <ScrollButton side="left" onClick={() => scrollBy(-1)} />}
      {more.after && <ScrollButton side="right" onClick={() => scrollBy(1)} />}
      </div>
    </div>
  );
}

/** An arrow over one end of the tabs that scrolls them that way. */
function ScrollButton({ side, onClick }: { side: 'left' | 'right'; onClick: () => void }) {
  const Arrow = side === 'left' ? ChevronLeft : ChevronRight;
  return (
    <button
      type="button"
      tabIndex={-1}
      aria-hidden
      className={cn(
        'bg-background/90 text-muted-foreground absolute top-1/2 flex size-7 -translate-y-1/2 items-center justify-center rounded-md shadow-sm',
        side === 'left' ? 'left-0.5' : 'right-0.5',
      )}
      onClick={onClick}
    >
      <Arrow className="size-4" />
    </button>
  );
}

/** A label and value pair in a detail tab. */
export function DetailItem({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  // A direct child of the <dl>: a list may group a term and its value in a <div>, but no deeper.
  return (
    <div className={cn('flex flex-col gap-0.5', className)}>
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="text-sm break-words">{children || '—'}</dd>
    </div>
  );
}

/** Notes across the whole grid, keeping their line breaks. */
export function NotesItem({ notes }: { notes: string }) {
  return (
    <DetailItem label="Notes" className="sm:col-span-2">
      <span className="whitespace-pre-wrap">{notes}</span>
    </DetailItem>
  );
}

export function DetailGrid({ children }: { children: ReactNode }) {
  return <dl className="grid gap-4 sm:grid-cols-2">{children}</dl>;
}
