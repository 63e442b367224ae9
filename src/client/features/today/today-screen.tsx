import { useQuery } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { RouterOutputs } from '@/browser/api-types';
import { carerKindOf } from '@/shared/carer-kind';
import { addDays, formatDate, formatDateTime, formatShortDay, isIsoDate, timeIn, todayIn } from '@/shared/dates';
import { PLANNED_VISIT_STATE_WORDS, type PlannedVisitState, weekdayOf } from '@/shared/planned-visits';
import { legWords } from '@/shared/travel';
import { WEEKDAYS } from '@/shared/visit-plans';
import { CARER_KINDS } from '@/client/components/carer-record/carer-kind';
import { PageHeader } from '@/client/components/form/form-layout';
import { LoadState } from '@/client/components/load-state';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Input } from '@/client/components/ui/input';
import { useCan } from '@/client/lib/auth';
import { useTRPC } from '@/client/lib/trpc';
import { cn } from '@/client/lib/utils';
import { type DayDriving, DayDrivingTotal, ShorterOrder } from './day-driving';
import { SuggestWeekDialog } from './suggest-week-dialog';
import { VisitChangeDialog } from './visit-change-dialog';

type PlannedDay = RouterOutputs['plannedVisits']['getDay'];
type DayVisit = PlannedDay['visits'][number];

/** Today's screen asks again this often, so the office sees the day as it happens. */
const REFRESH_MS = 60_000;

/** How each state stands out: what needs the office's eye is strongest. */
const STATE_TONE: Record<PlannedVisitState, string> = {
  planned: 'border-slate-300 bg-white text-slate-700',
  started: 'border-sky-300 bg-sky-50 text-sky-900',
  done: 'border-emerald-300 bg-emerald-50 text-emerald-900',
  late: 'border-amber-400 bg-amber-100 text-amber-950',
  couldNotVisit: 'border-orange-400 bg-orange-50 text-orange-950',
  notRecorded: 'border-red-400 bg-red-50 text-red-900',
  cancelled: 'border-slate-200 bg-slate-100 text-slate-600',
};

/** The states in the order a day runs, for the summary. */
const STATE_ORDER: PlannedVisitState[] = ['late', 'notRecorded', 'couldNotVisit', 'planned', 'started', 'done', 'cancelled'];

const longDay = (date: string) => `${WEEKDAYS[weekdayOf(date) - 1]} ${formatDate(date)}`;

function dayFromParam(param: string | null): string {
  return param && isIsoDate(param) ? param : todayIn();
}

/** "Heard from at 10:42", or the day and time when it was not today, or never. */
function heardWords(heardAt: string | null): string {
  if (!heardAt) return 'No word from this phone yet';
  const at = new Date(heardAt);
  return todayIn(undefined, at) === todayIn() ? `Phone last heard from at ${timeIn(undefined, at)}` : `Phone last heard from ${formatDateTime(at)}`;
}

/** What the week's change did, in words: "Moved from Wed 1 Apr 09:30 · offered to the carer". */
function changeWords(change: NonNullable<DayVisit['change']>): string {
  const what = {
    moved: change.from ? `Moved from ${formatShortDay(change.from.date)} ${change.from.start}` : 'Moved',
    cancelled: `Cancelled${change.reason ? `: ${change.reason}` : ''}`,
    cover: 'Cover for the week',
    extra: 'Extra visit',
  }[change.kind];
  const answer = { offered: 'offered to the carer, not yet accepted', accepted: 'accepted by the carer', declined: 'declined by the carer' }[change.answer];
  return `${what} · ${answer}`;
}

function StateBadge({ state }: { state: PlannedVisitState }) {
  return <Badge className={cn('text-sm', STATE_TONE[state])}>{PLANNED_VISIT_STATE_WORDS[state]}</Badge>;
}

function VisitRow({ visit, leg, onChange }: { visit: DayVisit; leg?: string; onChange?: () => void }) {
  return (
    // On a phone: the time and state on the first line, the client under them, then Change.
    <li className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3">
      <span className={cn('shrink-0 font-medium tabular-nums sm:w-28', visit.state === 'cancelled' && 'text-muted-foreground line-through')}>
        {visit.start}–{visit.end}
      </span>
      <span className="order-last min-w-0 basis-full sm:order-none sm:flex-1 sm:basis-auto">
        <Link to={`/clients?view=${encodeURIComponent(visit.clientId)}`} className="font-medium text-primary underline-offset-4 hover:underline">
          {visit.clientName}
        </Link>
        {visit.change && (
          <span className={cn('block text-sm', visit.change.answer === 'declined' ? 'font-medium text-destructive' : 'text-muted-foreground')}>
            {changeWords(visit.change)}
          </span>
        )}
        {visit.state === 'started' && visit.startedAt && <span className="block text-sm text-muted-foreground">Started at {visit.startedAt}</span>}
        {leg && <span className="block text-sm text-muted-foreground">{leg}</span>}
        {visit.recorded?.start && (
          <span className="block text-sm text-muted-foreground">
            Recorded {visit.recorded.start}–{visit.recorded.end}
          </span>
        )}
      </span>
      <span className="ml-auto flex items-center gap-3 sm:ml-0">
        <StateBadge state={visit.state} />
        {onChange && (
          <Button variant="outline" size="sm" onClick={onChange} aria-label={`Change the visit to ${visit.clientName} at ${visit.start}`}>
            Change
          </Button>
        )}
      </span>
    </li>
  );
}

/** The visits of one carer on the day, with when their phone was last heard from. */
function CarerDay({
  phone,
  visits,
  allVisits,
  driving,
  canOffer,
  onChange,
}: {
  phone: PlannedDay['phones'][number];
  visits: DayVisit[];
  /** All the carer's visits of the day, whichever are shown. */
  allVisits: DayVisit[];
  driving: DayDriving | undefined;
  canOffer: boolean;
  onChange?: (visit: DayVisit) => void;
}) {
  const kind = carerKindOf(phone.carerId);
  // The first visit the carer gives that day is driven to from home, whichever visits are shown.
  const first = allVisits.find((visit) => visit.state !== 'cancelled');
  const legOf = (visit: DayVisit) => {
    const leg = driving?.legs[visit.id];
    return leg === undefined ? undefined : legWords(leg, first?.id === visit.id);
  };
  return (
    <section aria-labelledby={`carer-${phone.carerId}`} className="overflow-hidden rounded-lg border bg-card">
      <header className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 border-b bg-muted/40 px-4 py-2">
        <h2 id={`carer-${phone.carerId}`} className="font-semibold">
          {kind ? (
            <Link to={`${CARER_KINDS[kind].path}?view=${encodeURIComponent(phone.carerId)}`} className="underline-offset-4 hover:underline">
              {phone.carerName}
            </Link>
          ) : (
            phone.carerName
          )}
        </h2>
        <div className="sm:text-right">
          <p className="text-sm text-muted-foreground">{heardWords(phone.heardAt)}</p>
          {driving && <DayDrivingTotal driving={driving} />}
        </div>
      </header>
      <ul className="divide-y" aria-label={`Visits of ${phone.carerName}`}>
        {visits.map((visit) => (
          <VisitRow
            key={visit.id}
            visit={visit}
            leg={legOf(visit)}
            onChange={onChange && visit.state !== 'done' && visit.state !== 'couldNotVisit' ? () => onChange(visit) : undefined}
          />
        ))}
      </ul>
      {driving && <ShorterOrder carerName={phone.carerName} driving={driving} canOffer={canOffer} />}
    </section>
  );
}

function DaySummary({ visits, shown, onShow }: { visits: DayVisit[]; shown: PlannedVisitState | null; onShow: (state: PlannedVisitState | null) => void }) {
  const counts = new Map<PlannedVisitState, number>();
  for (const visit of visits) counts.set(visit.state, (counts.get(visit.state) ?? 0) + 1);
  return (
    <div className="flex flex-wrap gap-2" role="group" aria-label="Show visits by state">
      {STATE_ORDER.filter((state) => counts.has(state)).map((state) => (
        <button
          key={state}
          type="button"
          aria-pressed={shown === state}
          onClick={() => onShow(shown === state ? null : state)}
          className={cn(
            'rounded-md border px-3 py-1 text-sm font-medium outline-none focus-visible:ring-2 focus-visible:ring-ring',
            STATE_TONE[state],
            shown === state && 'ring-2 ring-primary',
          )}
        >
          {PLANNED_VISIT_STATE_WORDS[state]} {counts.get(state)}
        </button>
      ))}
    </div>
  );
}

function Day({ day, onChange }: { day: PlannedDay; onChange?: (visit: DayVisit) => void }) {
  const drivingOf = new Map(day.driving.map((driving) => [driving.carerId, driving]));
  const [shown, setShown] = useState<PlannedVisitState | null>(null);
  if (day.visits.length === 0) {
    return <p className="rounded-lg border border-dashed p-6 text-muted-foreground">No visits are planned for {longDay(day.date)}. Plan a package’s visits from its row in Packages.</p>;
  }
  const visible = shown ? day.visits.filter((visit) => visit.state === shown) : day.visits;
  return (
    <>
      <DaySummary visits={day.visits} shown={shown} onShow={setShown} />
      <div className="flex flex-col gap-4">
        {day.phones
          .map((phone) => ({ phone, visits: visible.filter((visit) => visit.carerId === phone.carerId) }))
          .filter(({ visits }) => visits.length > 0)
          .map(({ phone, visits }) => (
            <CarerDay
              key={phone.carerId}
              phone={phone}
              visits={visits}
              allVisits={day.visits.filter((visit) => visit.carerId === phone.carerId)}
              driving={drivingOf.get(phone.carerId)} canOffer={onChange !== undefined} onChange={onChange} />
          ))}
      </div>
    </>
  );
}

/** Today: every planned visit of a day by carer, and where each stands, refreshed by itself. */
export default function TodayScreen() {
  const trpc = useTRPC();
  const [params, setParams] = useSearchParams();
  const date = dayFromParam(params.get('date'));
  const today = todayIn();
  const canChange = useCan('plannedVisits', 'update');
  const [changing, setChanging] = useState<DayVisit | null>(null);
  const [suggesting, setSuggesting] = useState(false);
  const query = useQuery({ ...trpc.plannedVisits.getDay.queryOptions({ date }), refetchInterval: date === today ? REFRESH_MS : false });
  const goTo = (next: string) => setParams(next === today ? {} : { date: next });
  return (
    <div className="flex flex-col gap-4 p-4 md:p-6">
      <PageHeader title="Today">
        <div className="flex flex-wrap items-center gap-2">
          <Button variant="outline" size="icon" onClick={() => goTo(addDays(date, -1))} aria-label="The day before">
            <ChevronLeft />
          </Button>
          <Input type="date" value={date} onChange={(event) => isIsoDate(event.target.value) && goTo(event.target.value)} aria-label="Day" className="w-auto" />
          <Button variant="outline" size="icon" onClick={() => goTo(addDays(date, 1))} aria-label="The day after">
            <ChevronRight />
          </Button>
          {date !== today && (
            <Button variant="outline" onClick={() => goTo(today)}>
              Back to today
            </Button>
          )}
          <Button onClick={() => setSuggesting(true)}>Suggest a week</Button>
        </div>
      </PageHeader>
      <p className="text-muted-foreground" role="status">
        {longDay(date)}
        {query.data && date === today && ` · as at ${query.data.asOf}, refreshed every minute. A phone with no signal reports later.`}
      </p>
      <LoadState query={query} errorText="Error loading the day's visits" className="">
        {(day) => <Day day={day} onChange={canChange && date >= today ? setChanging : undefined} />}
      </LoadState>
      <VisitChangeDialog visit={changing} date={date} onClose={() => setChanging(null)} />
      {suggesting && <SuggestWeekDialog open date={date} onClose={() => setSuggesting(false)} />}
    </div>
  );
}
