import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { type KeyboardEvent, useEffect, useEffectEvent, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@/client/components/ui/dialog';
import type { RouterOutputs } from '@/browser/api-types';
import { formatDate } from '@/client/lib/format';
import { useTRPC } from '@/client/lib/trpc';
import { cn } from '@/client/lib/utils';
import { SEARCH_MAX_LENGTH, type SearchKind } from '@/shared/search';

type SearchGroup = RouterOutputs['search']['find'][number];
type SearchHit = SearchGroup['hits'][number];

/** Each kind's heading and the list whose view dialog opens a result. */
const KINDS: Record<SearchKind, { title: string; path: string }> = {
  clients: { title: 'Clients', path: '/clients' },
  mps: { title: 'MPs', path: '/mps' },
  volunteers: { title: 'Volunteers', path: '/volunteers' },
  requests: { title: 'Requests', path: '/requests' },
  packages: { title: 'Packages', path: '/packages' },
};

/** Waits for a pause in typing, so a search is not sent for every key. */
const DEBOUNCE_MS = 200;

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.userAgent);
export const SEARCH_SHORTCUT = isMac ? '⌘K' : 'Ctrl+K';

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/** Whether the header search is open; Ctrl+K (⌘K on a Mac) opens it from anywhere. */
export function useGlobalSearch() {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        setOpen(true);
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
  return { open, setOpen, show: () => setOpen(true) };
}

/** The header's search button: full width in the sidebar, an icon in the phone header. */
export function SearchButton({ onClick, compact = false, className }: { onClick: () => void; compact?: boolean; className?: string }) {
  return (
    <button
      type="button"
      onClick={onClick}
      // The name is the words on the button ("Search Ctrl+K"), which speech users say to press it.
      aria-label={compact ? `Search ${SEARCH_SHORTCUT}` : undefined}
      aria-keyshortcuts="Control+K Meta+K"
      className={cn(
        'flex items-center gap-2 rounded-md text-sm outline-none transition-colors hover:bg-sidebar-accent focus-visible:ring-2 focus-visible:ring-teal-300',
        compact ? 'size-9 justify-center' : 'w-full border border-sidebar-border px-3 py-2 text-sidebar-foreground/80',
        className,
      )}
    >
      <Search className="size-4" aria-hidden />
      {!compact && (
        <>
          <span className="flex-1 text-left">Search</span>{' '}
          <kbd className="rounded border border-sidebar-border px-1.5 font-sans text-xs text-sidebar-foreground/70">{SEARCH_SHORTCUT}</kbd>
        </>
      )}
    </button>
  );
}

/** "TA4 2AB · Wiveliscombe", with a client's ID first and a request's or package's dates. */
function hitDetails(hit: SearchHit): string {
  const dates =
    hit.startDate && (hit.endDate === 'open' ? `from ${formatDate(hit.startDate)}, ongoing` : `${formatDate(hit.startDate)} – ${formatDate(hit.endDate)}`);
  return [hit.customId, dates, hit.postCode, hit.locality].filter(Boolean).join(' · ');
}

function statusText(query: string, groups: SearchGroup[] | undefined, count: number, loading: boolean, failed: boolean): string {
  if (!query) return 'Type a name, client ID, post code or id.';
  if (failed) return 'The search failed. Please try again.';
  if (loading || !groups) return 'Searching...';
  if (count === 0) return `No results for “${query}”`;
  return `${count} ${count === 1 ? 'result' : 'results'}`;
}

/**
 * Finds clients, MPs, volunteers, requests and packages by name, custom ID, post code or id, and opens
 * the chosen record's view. A combobox: arrow keys move through the results, Enter opens one, Escape closes.
 */
export function SearchDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const baseId = useId();
  const [text, setText] = useState('');
  const [chosen, setActive] = useState(0);
  // Enter pressed before the results for what was typed arrived: open the best one when they do.
  const [enterPending, setEnterPending] = useState(false);
  const openedRecord = useRef(false);
  const query = useDebounced(text.trim(), DEBOUNCE_MS);
  const search = useQuery({
    ...trpc.search.find.queryOptions({ query }),
    enabled: open && query.length > 0,
    placeholderData: keepPreviousData,
  });
  const groups = query ? search.data?.filter((group) => group.hits.length > 0) : undefined;
  const hits = groups?.flatMap((group) => group.hits.map((hit) => ({ kind: group.kind, hit }))) ?? [];
  const optionId = (index: number) => `${baseId}-option-${index}`;
  const listboxId = `${baseId}-results`;
  // The results shown are those of the text in the box.
  const settled = query === text.trim() && (query === '' || (search.isSuccess && !search.isPlaceholderData));
  // Results may shrink as they arrive; the highlight stays on one of them.
  const active = Math.max(0, Math.min(chosen, hits.length - 1));
  const activeId = hits.length > 0 ? optionId(active) : undefined;

  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView({ block: 'nearest' });
  }, [activeId]);

  function close(nextOpen: boolean) {
    if (!nextOpen) {
      setText('');
      setActive(0);
      setEnterPending(false);
    }
    onOpenChange(nextOpen);
  }

  function openHit(index: number) {
    const picked = hits[index];
    if (!picked) return;
    openedRecord.current = true;
    close(false);
    void navigate(`${KINDS[picked.kind].path}?view=${encodeURIComponent(picked.hit.id)}`);
  }

  const openWhenSettled = useEffectEvent(() => {
    setEnterPending(false);
    openHit(active);
  });
  useEffect(() => {
    if (enterPending && settled) openWhenSettled();
  }, [enterPending, settled]);

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      event.preventDefault();
      if (settled) openHit(active);
      else setEnterPending(true);
      return;
    }
    if (hits.length === 0) return;
    const moves: Record<string, number> = { ArrowDown: active + 1, ArrowUp: active - 1, Home: 0, End: hits.length - 1 };
    if (event.key in moves) {
      event.preventDefault();
      setActive((moves[event.key]! + hits.length) % hits.length);
    }
  }

  let index = 0;
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent
        showCloseButton={false}
        className="top-4 translate-y-0 gap-0 p-0 sm:top-[12vh] sm:max-w-xl"
        onCloseAutoFocus={(event) => {
          // The chosen record's view takes the focus, not the button that opened the search.
          if (openedRecord.current) event.preventDefault();
          openedRecord.current = false;
        }}
      >
        <DialogTitle className="sr-only">Search</DialogTitle>
        <DialogDescription className="sr-only">
          Find clients, MPs, volunteers, requests and packages by name, client ID, post code or id.
        </DialogDescription>
        <div className="flex items-center gap-2 border-b px-4">
          <Search className="size-4 shrink-0 text-muted-foreground" aria-hidden />
          <input
            role="combobox"
            aria-label="Search records"
            aria-expanded={hits.length > 0}
            aria-controls={listboxId}
            aria-autocomplete="list"
            aria-activedescendant={activeId}
            autoComplete="off"
            spellCheck={false}
            maxLength={SEARCH_MAX_LENGTH}
            placeholder="Name, client ID, post code or id"
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setActive(0);
              setEnterPending(false);
            }}
            onKeyDown={onKeyDown}
            className="h-12 min-w-0 flex-1 bg-transparent text-base outline-none placeholder:text-muted-foreground"
          />
          <kbd className="hidden rounded border px-1.5 text-xs text-muted-foreground sm:inline">Esc</kbd>
          {/* A phone has no Escape key. */}
          <DialogClose asChild>
            <Button variant="ghost" size="sm" className="sm:hidden">
              Cancel
            </Button>
          </DialogClose>
        </div>
        <div id={listboxId} role="listbox" aria-label="Results" className="max-h-[min(60dvh,28rem)] overflow-y-auto p-2 empty:hidden">
          {groups?.map((group) => {
            const headingId = `${baseId}-${group.kind}`;
            return (
              <div key={group.kind} role="group" aria-labelledby={headingId} className="pb-2">
                <p id={headingId} className="px-2 py-1.5 text-xs font-medium text-muted-foreground">
                  {KINDS[group.kind].title}
                  {group.more && ` — the first ${group.hits.length}; type more to narrow`}
                </p>
                {group.hits.map((hit) => {
                  const at = index++;
                  return (
                    <div
                      key={hit.id}
                      id={optionId(at)}
                      role="option"
                      aria-selected={at === active}
                      onClick={() => openHit(at)}
                      onMouseMove={() => setActive(at)}
                      className={cn('flex cursor-pointer flex-col gap-0.5 rounded-md px-2 py-2', at === active && 'bg-accent text-accent-foreground')}
                    >
                      <span className="flex items-center gap-2 font-medium">
                        <span className="truncate">{hit.name || hit.id}</span>
                        {hit.archived === 'Y' && <Badge variant="outline">Archived</Badge>}
                      </span>
                      <span className="truncate text-xs text-muted-foreground">{hitDetails(hit)}</span>
                    </div>
                  );
                })}
              </div>
            );
          })}
        </div>
        <p role="status" aria-live="polite" className={cn('px-4 py-3 text-sm text-muted-foreground', hits.length > 0 && settled && 'sr-only')}>
          {statusText(text.trim(), settled ? groups : undefined, hits.length, search.isFetching, search.isError)}
        </p>
      </DialogContent>
    </Dialog>
  );
}
