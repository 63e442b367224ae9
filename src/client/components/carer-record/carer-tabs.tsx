import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Badge } from '@/client/components/ui/badge';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/client/components/ui/tabs';
import { CARER_KINDS } from '@/client/components/carer-record/carer-kind';
import { type CarerKind, carerKindOf } from '@/shared/carer-kind';
import { useCan } from '@/client/lib/auth';

const TAB_PARAM = 'tab';
const VOLUNTEERS_TAB = 'volunteers';
const KINDS: readonly CarerKind[] = ['mp', 'volunteer'];

/** A tabbed screen's address with the given kind's tab open, e.g. /records?tab=volunteers. */
export function carerTabPath(path: string, kind: CarerKind): string {
  return kind === 'volunteer' ? `${path}?${TAB_PARAM}=${VOLUNTEERS_TAB}` : path;
}

/** Which kinds of carer the signed-in role may edit, for linking names to their edit forms. */
export function useCarerEditRights(): Record<CarerKind, boolean> {
  return { mp: useCan('mps', 'update'), volunteer: useCan('volunteers', 'update') };
}

/**
 * A person's name, marked when their record is archived (as in the other lists); a link to the edit form
 * when given one (`to`), so an expiry seen here is one click from where it is changed.
 */
export function NameCell({ name, archived, to }: { name: string; archived: 'Y' | 'N'; to?: string | null }) {
  return (
    <span className="flex flex-wrap items-center gap-x-2 gap-y-1 font-medium">
      {to ? (
        <Link to={to} className="text-primary underline-offset-4 hover:underline">
          {name}
        </Link>
      ) : (
        name
      )}
      {archived === 'Y' && <Badge variant="outline">Archived</Badge>}
    </span>
  );
}

/** The carer's edit form (where their DBS and public liability dates are changed) when the role may edit them. */
export function editableCarerPath(carerId: string, rights: Record<CarerKind, boolean>): string | null {
  const kind = carerKindOf(carerId);
  return kind && rights[kind] ? `${CARER_KINDS[kind].path}/edit/${encodeURIComponent(carerId)}` : null;
}

/**
 * A screen with a heading, a total over both kinds of carer and MPs (default) and Volunteers tabs, each
 * holding its own list. The open tab is kept in the address so saving a volunteer's record can return to it.
 */
export function CarerTabsPage({ title, total, renderTab }: { title: string; total: number; renderTab: (kind: CarerKind) => ReactNode }) {
  const [params, setParams] = useSearchParams();
  const open: CarerKind = params.get(TAB_PARAM) === VOLUNTEERS_TAB ? 'volunteer' : 'mp';
  return (
    <div className="flex min-w-0 flex-col gap-4 p-4 md:p-6">
      <div className="min-w-0">
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        <p className="text-muted-foreground text-sm" aria-live="polite" aria-atomic="true">{`Total: ${total}`}</p>
      </div>
      <Tabs
        value={open}
        onValueChange={(kind) => setParams(kind === 'volunteer' ? { [TAB_PARAM]: VOLUNTEERS_TAB } : {}, { replace: true })}
      >
        <TabsList>
          {KINDS.map((kind) => (
            <TabsTrigger key={kind} value={kind} className="min-w-28">
              {CARER_KINDS[kind].title}
            </TabsTrigger>
          ))}
        </TabsList>
        {KINDS.map((kind) => (
          <TabsContent key={kind} value={kind} className="pt-2">
            {renderTab(kind)}
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}
