import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Badge } from '@/client/components/ui/badge';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/client/components/ui/tabs';
import { CARER_KINDS, type CarerKind } from '@/client/features/carers/carer-kind';

const TAB_PARAM = 'tab';
const VOLUNTEERS_TAB = 'volunteers';
const KINDS: readonly CarerKind[] = ['mp', 'volunteer'];

/** A tabbed screen's address with the given kind's tab open, e.g. /records?tab=volunteers. */
export function carerTabPath(path: string, kind: CarerKind): string {
  return kind === 'volunteer' ? `${path}?${TAB_PARAM}=${VOLUNTEERS_TAB}` : path;
}

/** A person's name, marked when their record is archived (as in the other lists). */
export function NameCell({ name, archived }: { name: string; archived: 'Y' | 'N' }) {
  return (
    <span className="flex items-center gap-2 font-medium">
      {name}
      {archived === 'Y' && <Badge variant="outline">Archived</Badge>}
    </span>
  );
}

/**
 * A screen with a heading, a total over both kinds of carer and MPs (default) and Volunteers tabs, each
 * holding its own list. The open tab is kept in the address so saving a volunteer's record can return to it.
 */
export function CarerTabsPage({
  title,
  total,
  toolbar,
  renderTab,
}: {
  title: string;
  total: number;
  toolbar?: ReactNode;
  renderTab: (kind: CarerKind) => ReactNode;
}) {
  const [params, setParams] = useSearchParams();
  const open: CarerKind = params.get(TAB_PARAM) === VOLUNTEERS_TAB ? 'volunteer' : 'mp';
  return (
    <div className="flex min-w-0 flex-col gap-4 p-4 md:p-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
          <p className="text-muted-foreground text-sm" aria-live="polite" aria-atomic="true">{`Total: ${total}`}</p>
        </div>
        {toolbar}
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
