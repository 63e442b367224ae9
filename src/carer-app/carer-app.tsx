import { type RefObject, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { COULD_NOT_VISIT_CHOICES, type CouldNotVisit, WITH_THE_OFFICE } from '@/shared/carer-app';
import { formatDate, formatShortDay, todayIn } from '@/shared/dates';
import type { SessionUser } from '@/shared/session';
import type { WellbeingSent } from '@/shared/wellbeing';
import type { CarerAuth } from './carer-auth';
import { type CarerPackage, type LiveVisit, type MyVisits, type OpenAsking, type OpenForm, Outbox, type PhoneAsking, type PhoneVisit } from './outbox';
import { askingStarted, WellbeingAsking } from './wellbeing-asking';
import { type AfterEnd, type CarerApi, type FailureKind, type SendOutcome, sendAfterEnd, sendWaiting, singleFlight } from './sender';
import { askForBackgroundSync, useAutoSend } from './auto-send';
import { HomeScreenHint } from './home-screen-hint';
import { MapLink, WithPhoneLinks } from './tappable';
import { draftChanged, type PhoneNow, type VisitDraft, VisitForm } from './visit-form';
import { CarerButton } from './carer-button';
import { KeyInformationList, PlannedDay, type PlannedVisit } from './planned-day';
import { MyAvailability } from './my-availability';

/** How long "Visit … saved on this phone" stays. */
const SAVED_NOTE_MS = 6_000;

const pad = (n: number) => String(n).padStart(2, '0');
/** The phone's own day and time: a visit is the carer's, as their phone's clock told it. */
export const phoneToday = () => todayIn(Intl.DateTimeFormat().resolvedOptions().timeZone);
export const phoneTime = (now = new Date()) => `${pad(now.getHours())}:${pad(now.getMinutes())}`;
const phoneNow = (): PhoneNow => ({ today: phoneToday(), time: phoneTime() });

/** Where a visit the list shows has got to: on the phone (waiting, or refused for the carer to put right), or at the office. */
type ShownState = PhoneVisit['state'] | 'withOffice' | 'turnedDown' | 'withdrawn';

/** A visit as the list shows it: the server's ones (with what the office did) and the phone's own not yet in that list. */
interface ShownVisit {
  id: string;
  packageId: string;
  clientName?: string;
  date: string;
  /** None for a visit that did not happen. */
  start: string | null;
  end: string | null;
  couldNotVisit?: CouldNotVisit | null;
  note?: string;
  tellOffice?: boolean;
  reason?: string;
  state: ShownState;
  /** A change or a withdrawal of a sent visit, on its way (or refused): shown in place of the office's copy. */
  change?: true;
  withdraw?: true;
  /** The carer may still change (sent) or withdraw (sent or with the office) it. */
  mayChange?: boolean;
}

/** "12 Nov 2026, 09:00 to 10:00", or "12 Nov 2026, couldn't visit: No answer at the door", as the carer reads a visit. */
export function visitWords(visit: Pick<ShownVisit, 'date' | 'start' | 'end' | 'couldNotVisit'>): string {
  const what = visit.couldNotVisit ? `couldn’t visit: ${COULD_NOT_VISIT_CHOICES[visit.couldNotVisit]}` : `${visit.start} to ${visit.end}`;
  return `${formatDate(visit.date)}, ${what}`;
}

const STATE_WORDS: Record<ShownState, string> = {
  sent: 'Sent',
  waiting: 'Waiting to send',
  refused: 'Not sent: put it right',
  withOffice: 'With the office',
  turnedDown: 'Turned down by the office',
  withdrawn: 'Withdrawn',
};
const STATE_STYLE: Record<ShownState, string> = {
  sent: 'bg-secondary text-secondary-foreground',
  waiting: 'bg-warning/25 text-foreground',
  refused: 'bg-destructive/10 text-destructive',
  withOffice: 'bg-warning/25 text-foreground',
  turnedDown: 'bg-destructive/10 text-destructive',
  withdrawn: 'bg-muted text-muted-foreground',
};
const SERVER_STATE = { recorded: 'sent', toResolve: 'withOffice', turnedDown: 'turnedDown', withdrawn: 'withdrawn' } as const;

/** What the badge says: a visit's state, or where the carer's change to it has got to. */
function stateWords(visit: ShownVisit): string {
  if (!visit.change && !visit.withdraw) return STATE_WORDS[visit.state];
  if (visit.state === 'refused') return visit.withdraw ? 'Not withdrawn' : 'Not changed';
  return `${visit.withdraw ? 'Withdrawal' : 'Change'} waiting to send`;
}

export function shownVisits(server: MyVisits['visits'], phone: PhoneVisit[]): ShownVisit[] {
  // A change or withdrawal not yet taken is the carer's latest word on the visit: shown in place of the office's copy.
  const pending = new Set(phone.filter((v) => (v.change || v.withdraw) && v.state !== 'sent').map((v) => v.id));
  const onServer = new Set(server.map((v) => v.id));
  const own = phone.filter((v) => pending.has(v.id) || !onServer.has(v.id));
  const all: ShownVisit[] = [
    ...server
      .filter((v) => !pending.has(v.id))
      .map(({ note, state, reason, ...visit }) => ({ ...visit, note: note || undefined, state: SERVER_STATE[state], ...(reason ? { reason } : {}) })),
    ...own,
  ];
  return all.sort((a, b) => b.date.localeCompare(a.date) || (b.start ?? '').localeCompare(a.start ?? ''));
}

/** Whether the element is on screen (below the app's header); true where the browser cannot say. */
function useInView(ref: RefObject<HTMLElement | null>): boolean {
  const [inView, setInView] = useState(true);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => setInView(entry?.isIntersecting ?? true), { rootMargin: '-80px 0px 0px 0px' });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return inView;
}

export function CarerApp({
  user,
  auth,
  outbox,
  api,
  failureKind,
  onSignedOut,
  onAccessEnded,
}: {
  user: SessionUser;
  auth: CarerAuth;
  outbox: Outbox;
  api: CarerApi;
  failureKind: FailureKind;
  /** Signed out here: what the phone kept is wiped. */
  onSignedOut: () => void;
  /** The office ended the carer's access and what the phone held went to the office: wiped, and the carer is told. */
  onAccessEnded: (after: AfterEnd) => void;
}) {
  const [mine, setMine] = useState<MyVisits & { fetchedAt: number }>();
  const [phoneVisits, setPhoneVisits] = useState<PhoneVisit[]>([]);
  const [askings, setAskings] = useState<PhoneAsking[]>([]);
  const [asking, setAskingState] = useState<OpenAsking>();
  // The questions being asked are kept on the phone as they are answered, as the visit form is.
  const setAsking = useCallback(
    (open: OpenAsking | undefined) => {
      setAskingState(open);
      void outbox.set('asking', open);
    },
    [outbox],
  );
  const [live, setLive] = useState<LiveVisit>();
  const [outcome, setOutcome] = useState<SendOutcome>();
  const [open, setOpenState] = useState<OpenForm>();
  // The open form is kept on the phone as it is typed: closing the app mid-visit-form loses nothing.
  const setOpen = useCallback(
    (form: OpenForm | undefined) => {
      setOpenState(form);
      void outbox.set('form', form);
    },
    [outbox],
  );
  const [savedNote, setSavedNote] = useState('');
  const statusRef = useRef<HTMLDivElement>(null);
  const statusInView = useInView(statusRef);
  // "Saved on this phone" is said, then goes: the status line carries on saying what waits.
  useEffect(() => {
    if (!savedNote) return;
    const timer = setTimeout(() => setSavedNote(''), SAVED_NOTE_MS);
    return () => clearTimeout(timer);
  }, [savedNote]);
  /** The change of a planned visit whose answer is on its way, and why an answer did not go, by planned visit. */
  const [answering, setAnswering] = useState<string>();
  const [answerProblem, setAnswerProblem] = useState<Record<string, string>>({});
  /** The office ended the carer's access, and the visits still here wait for signal to reach it. */
  const [endedWaiting, setEndedWaiting] = useState(false);

  const reload = useCallback(async () => {
    const [stored, visits, started, asked] = await Promise.all([outbox.get('myVisits'), outbox.all(), outbox.get('live'), outbox.askings()]);
    setMine(stored);
    setPhoneVisits(visits);
    setAskings(asked);
    setLive(started);
  }, [outbox]);

  /** A round of sending is under way: the status line says so. */
  const [sending, setSending] = useState(false);
  const send = useMemo(
    () =>
      singleFlight('valecare-carer-send', async () => {
        setSending(true);
        const result = await sendWaiting(outbox, api, failureKind).finally(() => setSending(false));
        if (result === 'access-ended') {
          const after = await sendAfterEnd(outbox, api, failureKind);
          if (after !== 'offline') return onAccessEnded(after);
          setEndedWaiting(true);
          return reload();
        }
        setOutcome(result);
        await reload();
      }),
    [outbox, api, failureKind, onAccessEnded, reload],
  );

  // Opened: the form being typed, what the phone holds, then a first round of sending.
  useEffect(() => {
    void outbox.get('form').then((form) => form && setOpenState(form));
    void outbox.get('asking').then((open) => open && setAskingState(open));
    void reload().then(send);
  }, [outbox, reload, send]);
  const online = useAutoSend(outbox, send);

  const today = phoneToday();
  const waiting = phoneVisits.filter((v) => v.state === 'waiting').length + askings.filter((a) => a.state === 'waiting').length;
  const visits = shownVisits(mine?.visits ?? [], phoneVisits);
  const packages = mine?.packages ?? [];
  const clientOf = (packageId: string, kept?: string) => kept ?? packages.find((p) => p.id === packageId)?.clientName ?? 'A client no longer on your list';
  const withOffice = visits.filter((v) => v.state === 'withOffice').length;
  const toPutRight = visits.filter((v) => v.state === 'refused').length + askings.filter((a) => a.state === 'refused').length;
  const waitingWords = [waiting > 0 ? `Waiting to send: ${waiting}` : '', toPutRight > 0 ? `To put right: ${toPutRight}` : '', withOffice > 0 ? `With the office: ${withOffice}` : '']
    .filter(Boolean)
    .join(' · ');

  async function save(packageId: string, draft: VisitDraft, changing?: string, plannedVisitId?: string) {
    const note = draft.note.trim();
    const visit = {
      id: changing ?? crypto.randomUUID(),
      packageId,
      clientName: clientOf(packageId),
      date: draft.date,
      ...(note ? { note } : {}),
      ...(changing ? { change: true as const } : {}),
      ...(plannedVisitId ? { plannedVisitId } : {}),
    };
    if (draft.couldNotVisit) await outbox.save({ ...visit, start: null, end: null, couldNotVisit: draft.couldNotVisit });
    else await outbox.save({ ...visit, start: draft.start, end: draft.end, ...(note && draft.tellOffice ? { tellOffice: true } : {}) });
    if (live?.packageId === packageId && !draft.couldNotVisit) await outbox.set('live', undefined);
    setOpen(undefined);
    setSavedNote(
      changing
        ? `Change to the visit to ${clientOf(packageId)} saved on this phone.`
        : draft.couldNotVisit
          ? `Couldn’t visit ${clientOf(packageId)}: saved on this phone for the office.`
          : `Visit to ${clientOf(packageId)} saved on this phone.`,
    );
    await reload();
    void askForBackgroundSync();
    void send();
  }

  /** Wellbeing answers saved on the phone, then sent as the visits are. */
  async function saveAsking(sent: WellbeingSent) {
    if (!asking) return;
    await outbox.saveAsking({ id: sent.id!, clientName: asking.clientName, input: { ...sent, id: sent.id! } });
    setAsking(undefined);
    setSavedNote(`Wellbeing answers of ${asking.clientName} saved on this phone.`);
    await reload();
    void askForBackgroundSync();
    void send();
  }

  /** Another asking may replace the open one only when nothing answered in it would be lost, or the carer says so. */
  function mayLeaveAsking(): boolean {
    return !asking || !askingStarted(asking.draft) || window.confirm(`Discard the wellbeing answers of ${asking.clientName}? What was answered will be lost.`);
  }

  /** Answers the office did not take: off the phone once the carer has told the office. */
  async function removeAsking(refused: PhoneAsking) {
    if (!window.confirm(`Remove the wellbeing answers of ${refused.clientName} from this phone? The office has no record of them: tell the office what was said.`)) return;
    await outbox.removeAsking(refused.id);
    await reload();
  }

  /** A refused visit stays until the carer has taken it to the office, and goes only when they say so. */
  async function removeRefused(visit: ShownVisit) {
    const words = `${clientOf(visit.packageId, visit.clientName)}, ${visitWords(visit)}`;
    if (!window.confirm(`Remove the visit (${words}) from this phone? The office has no record of it: record it again as it was, or tell the office.`)) return;
    await outbox.remove(visit.id);
    await reload();
  }

  /** A change the office refused: the phone's copy goes, and the visit stands as the office has it. */
  async function keepAsSent(visit: ShownVisit) {
    await outbox.remove(visit.id);
    await reload();
  }

  /** A sent visit, opened on its client's card to change: the change goes to the office as the visits do. */
  async function changeVisit(visit: ShownVisit) {
    if (!(await mayReplaceForm())) return;
    const draft: VisitDraft = {
      date: visit.date,
      start: visit.start ?? '',
      end: visit.end ?? '',
      note: visit.note ?? '',
      tellOffice: visit.tellOffice ?? false,
      ...(visit.couldNotVisit ? { couldNotVisit: visit.couldNotVisit } : {}),
    };
    setOpen({ packageId: visit.packageId, initial: draft, typed: draft, changing: visit.id });
    setSavedNote('');
    requestAnimationFrame(() => document.getElementById(`client-${visit.packageId}`)?.scrollIntoView({ block: 'start' }));
  }

  /** A sent visit taken back, after the carer says so: it goes to the office as the visits do. */
  async function withdrawVisit(visit: ShownVisit) {
    const words = `${clientOf(visit.packageId, visit.clientName)}, ${visitWords(visit)}`;
    if (!window.confirm(`Withdraw the visit (${words})? It will no longer count, and the office sees that you withdrew it.`)) return;
    const said = { id: visit.id, packageId: visit.packageId, clientName: clientOf(visit.packageId, visit.clientName), date: visit.date, ...(visit.note ? { note: visit.note } : {}), withdraw: true as const };
    if (visit.couldNotVisit) await outbox.save({ ...said, start: null, end: null, couldNotVisit: visit.couldNotVisit });
    else await outbox.save({ ...said, start: visit.start ?? '', end: visit.end ?? '' });
    setSavedNote(`Withdrawal of the visit to ${said.clientName} saved on this phone.`);
    await reload();
    void send();
  }

  /** A started visit the carer did not mean to start: nothing of it is kept. */
  async function cancelLive(started: LiveVisit) {
    if (!window.confirm(`Cancel the visit to ${clientOf(started.packageId)} started at ${started.start}? Nothing of it is recorded.`)) return;
    await outbox.set('live', undefined);
    setLive(undefined);
  }

  /** Another form may replace the open one only when nothing typed in it would be lost, or the carer says so. */
  async function mayReplaceForm(): Promise<boolean> {
    const kept = await outbox.get('form');
    return !kept || !draftChanged(kept.initial, kept.typed) || window.confirm(`Discard the visit to ${clientOf(kept.packageId)} you were recording? What you typed will be lost.`);
  }

  async function startVisit(packageId: string) {
    const started = { packageId, date: phoneToday(), start: phoneTime() };
    await outbox.set('live', started);
    setLive(started);
    setSavedNote('');
  }

  async function finishVisit(started: LiveVisit) {
    if (open?.packageId !== started.packageId && !(await mayReplaceForm())) return;
    const draft = { date: started.date, start: started.start, end: phoneTime(), note: '', tellOffice: false };
    setOpen({ packageId: started.packageId, initial: draft, typed: draft, ...(started.plannedVisitId ? { plannedVisitId: started.plannedVisitId } : {}) });
    if (started.plannedVisitId) scrollToPlanned(started.plannedVisitId);
  }

  const scrollToPlanned = (id: string) => requestAnimationFrame(() => document.getElementById(`planned-${id}`)?.scrollIntoView({ block: 'start' }));

  /** A planned visit started: its times fill themselves, and the office's Today hears of it when there is signal. */
  async function startPlanned(visit: PlannedVisit) {
    const started = { packageId: visit.packageId, date: phoneToday(), start: phoneTime(), plannedVisitId: visit.id };
    await outbox.set('live', started);
    await outbox.set('starts', [...((await outbox.get('starts')) ?? []), { plannedVisitId: visit.id, date: started.date, start: started.start }]);
    setLive(started);
    setSavedNote('');
    void send();
  }

  async function couldNotVisitPlanned(visit: PlannedVisit) {
    if (!(await mayReplaceForm())) return;
    const draft = { date: visit.date, start: '', end: '', note: '', tellOffice: false, couldNotVisit: '' as const };
    setOpen({ packageId: visit.packageId, initial: draft, typed: draft, plannedVisitId: visit.id });
  }

  /** Accepting or declining a change the office offered: it needs signal, and says so when there is none. */
  async function answerChange(visit: PlannedVisit, answer: 'accept' | 'decline') {
    if (!visit.change || !api.answerChange) return;
    setAnswering(visit.id);
    setAnswerProblem(({ [visit.id]: _gone, ...rest }) => rest);
    try {
      await api.answerChange({ plannedVisitId: visit.id, answer, version: visit.change.version });
      await send();
    } catch (error) {
      const problem = failureKind(error) === 'offline' ? 'No signal: answer again when there is signal.' : error instanceof Error ? error.message : 'The answer did not go: try again.';
      setAnswerProblem((shown) => ({ ...shown, [visit.id]: problem }));
    } finally {
      setAnswering(undefined);
    }
  }

  /** The visit form, where the open one is this package's (from its card, or from the day's plan). */
  function visitFormFor(packageId: string) {
    if (open?.packageId !== packageId) return null;
    return (
      <VisitForm
        clientName={clientOf(packageId)}
        initial={open.initial}
        typed={open.typed}
        now={phoneNow}
        others={visits.filter((v) => v.id !== open.changing && !v.withdraw && (v.state === 'sent' || v.state === 'waiting' || v.state === 'withOffice'))}
        changing={open.changing !== undefined}
        onType={(typed) => void outbox.set('form', { ...open, typed })}
        onSave={(draft) => save(packageId, draft, open.changing, open.plannedVisitId)}
        onCancel={() => setOpen(undefined)}
      />
    );
  }

  async function signOut() {
    const unsentVisits = phoneVisits.filter((v) => v.state !== 'sent').length;
    const unsentAnswers = askings.length;
    const unsent = [unsentVisits ? `${unsentVisits} ${unsentVisits === 1 ? 'visit' : 'visits'}` : '', unsentAnswers ? `${unsentAnswers} wellbeing ${unsentAnswers === 1 ? 'asking' : 'askings'}` : '']
      .filter(Boolean)
      .join(' and ');
    const one = unsentVisits + unsentAnswers === 1;
    const warning = unsent
      ? `${unsent} ${one ? 'has' : 'have'} not reached the office. Signing out deletes ${one ? 'it' : 'them'} from this phone. Sign out anyway?`
      : 'Sign out? Your clients and visits are deleted from this phone until you sign in again.';
    if (!window.confirm(warning)) return;
    // Wiped before the sign-in ends: with signal, signing out leaves for the provider's page, and nothing after it runs.
    await Outbox.wipe(outbox);
    await auth.signOut({ online: navigator.onLine }).finally(onSignedOut);
  }

  return (
    <div className="min-h-dvh pb-16">
      <header className="sticky top-0 z-10 bg-sidebar text-sidebar-foreground">
        <div className="mx-auto flex max-w-xl items-center justify-between gap-3 px-4 py-3">
          <div>
            <p className="text-lg font-semibold">Valecare</p>
            <p className="text-sm opacity-90">
              {user.givenName} {user.familyName}
            </p>
          </div>
          <CarerButton onClick={() => void signOut()} look="header" size="small">
            Sign out
          </CarerButton>
        </div>
        {/* What still waits stays in view while the carer scrolls their clients and visits. */}
        {waitingWords && !statusInView ? (
          <p aria-hidden className="bg-warning px-4 py-1.5 text-center text-sm font-semibold text-foreground">
            {waitingWords}
          </p>
        ) : null}
      </header>

      <main className="mx-auto max-w-xl space-y-6 px-4 pt-4">
        {endedWaiting ? (
          <div role="alert" className="space-y-2 rounded-xl border border-warning bg-warning/15 p-4">
            <p className="text-lg font-semibold">Your access to the carer app has ended</p>
            <p>
              {waiting === 1 ? 'The visit you recorded goes' : `The ${waiting} visits you recorded go`} to the office as soon as there is signal. Keep the app, or open it
              again where there is signal.
            </p>
          </div>
        ) : null}
        <div ref={statusRef}>
        <SendingStatus
          waiting={waiting}
          withOffice={withOffice}
          toPutRight={toPutRight}
          outcome={outcome}
          online={online}
          sending={sending}
          onSend={() => void send()}
          onSignIn={() => void auth.signIn()}
        />
        </div>
        <p role="status" className="sr-only">
          {savedNote}
        </p>
        {savedNote ? <p className="rounded-lg bg-secondary px-4 py-3 font-medium">{savedNote}</p> : null}

        {mine ? (
          <PlannedDay
            today={today}
            planned={mine.planned ?? []}
            driving={mine.driving ?? null}
            live={live}
            recorded={[...mine.visits.filter((v) => v.state !== 'withdrawn'), ...phoneVisits.filter((v) => !v.withdraw)]}
            actions={{
              onStart: (visit) => void startPlanned(visit),
              onFinish: () => live && void finishVisit(live),
              onCouldNotVisit: (visit) => void couldNotVisitPlanned(visit),
              onAnswer: (visit, answer) => void answerChange(visit, answer),
              answering,
              answerProblem,
            }}
            formFor={(visit) => (open?.plannedVisitId === visit.id ? visitFormFor(visit.packageId) : null)}
          />
        ) : null}

        <section aria-labelledby="clients-heading" className="space-y-4">
          <h2 id="clients-heading" className="text-2xl font-semibold">
            Your clients
          </h2>
          {!mine ? (
            <p className="text-muted-foreground">
              {outcome === undefined && online ? 'Fetching your clients…' : 'Your clients appear here once the phone has had signal since you signed in.'}
            </p>
          ) : packages.length === 0 ? (
            <p className="text-muted-foreground">You have no care to give at the moment. The office will add your clients here.</p>
          ) : (
            packages.map((pkg) => (
              <ClientCard
                key={pkg.id}
                pkg={pkg}
                today={today}
                live={live?.packageId === pkg.id ? live : undefined}
                busy={live && live.packageId !== pkg.id ? clientOf(live.packageId) : undefined}
                form={open?.plannedVisitId ? null : visitFormFor(pkg.id)}
                onRecord={async (kind) => {
                  if (!(await mayReplaceForm())) return;
                  const draft = { date: today, start: '', end: '', note: '', tellOffice: false, ...(kind === 'couldNotVisit' ? { couldNotVisit: '' as const } : {}) };
                  setOpen({ packageId: pkg.id, initial: draft, typed: draft });
                }}
                onStart={() => void startVisit(pkg.id)}
                onFinish={() => live && void finishVisit(live)}
                onCancelLive={() => live && void cancelLive(live)}
              />
            ))
          )}
        </section>

        <WellbeingAsking
          due={mine?.wellbeingDue ?? []}
          askings={askings}
          open={asking}
          today={today}
          onOpen={(client) => mayLeaveAsking() && setAsking({ clientId: client.clientId, clientName: client.clientName, draft: { askedOn: today, answers: {}, mattersMost: '' } })}
          onType={(draft) => asking && setAsking({ ...asking, draft })}
          onSave={(sent) => void saveAsking(sent)}
          onCancel={() => mayLeaveAsking() && setAsking(undefined)}
          onRemove={(refused) => void removeAsking(refused)}
        />

        <section aria-labelledby="visits-heading" className="space-y-3">
          <h2 id="visits-heading" className="text-2xl font-semibold">
            Your visits
          </h2>
          {visits.length === 0 ? (
            <p className="text-muted-foreground">No visits in the last 30 days.</p>
          ) : (
            <ul className="space-y-2">
              {visits.map((visit) => (
                <li key={visit.id} className="rounded-xl border bg-card p-4">
                  <div className="flex flex-wrap items-baseline justify-between gap-2">
                    <p className="font-semibold">{clientOf(visit.packageId, visit.clientName)}</p>
                    <span className={`rounded-full px-3 py-1 text-sm font-medium ${STATE_STYLE[visit.state]}`}>{stateWords(visit)}</span>
                  </div>
                  <p className={visit.couldNotVisit ? 'font-medium' : undefined}>{visitWords(visit)}</p>
                  {visit.note ? (
                    <p className="whitespace-pre-line text-muted-foreground">
                      <WithPhoneLinks text={visit.note} />
                    </p>
                  ) : null}
                  {visit.tellOffice ? <p className="mt-1 text-sm font-medium">For the office to know</p> : null}
                  {visit.reason ? <p className={`mt-1 font-medium ${visit.state === 'withOffice' ? '' : 'text-destructive'}`}>{visit.reason}</p> : null}
                  {visit.state === 'withOffice' ? <p className="text-sm text-muted-foreground">{WITH_THE_OFFICE}</p> : null}
                  {visit.mayChange && (visit.state === 'sent' || visit.state === 'withOffice') ? (
                    <div className="mt-3 flex flex-wrap gap-2">
                      {/* Change a recorded visit whose package is still on the phone; withdraw one waiting with the office too. */}
                      {(visit.state === 'sent' && packages.some((p) => p.id === visit.packageId) ? ['Change', 'Withdraw'] : ['Withdraw']).map((action) => (
                        <CarerButton
                          key={action}
                          onClick={() => void (action === 'Change' ? changeVisit(visit) : withdrawVisit(visit))}
                          aria-label={`${action}: ${clientOf(visit.packageId, visit.clientName)}, ${visitWords(visit)}`}
                          size="small"
                        >
                          {action}
                        </CarerButton>
                      ))}
                    </div>
                  ) : null}
                  {visit.state === 'refused' && (visit.change || visit.withdraw) ? (
                    <CarerButton
                      onClick={() => void keepAsSent(visit)}
                      aria-label={`Keep as the office has it: ${clientOf(visit.packageId, visit.clientName)}, ${visitWords(visit)}`}
                      size="small"
                      className="mt-3"
                    >
                      Keep it as the office has it
                    </CarerButton>
                  ) : visit.state === 'refused' ? (
                    <CarerButton
                      onClick={() => void removeRefused(visit)}
                      aria-label={`Remove from this phone: ${clientOf(visit.packageId, visit.clientName)}, ${visitWords(visit)}`}
                      size="small"
                      className="mt-3"
                    >
                      Remove from this phone
                    </CarerButton>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </section>
        {api.availability ? <MyAvailability api={api.availability} /> : null}
        {/* Last: it appears once the phone has said whether it was put away, and so moves nothing the carer reads. */}
        <HomeScreenHint outbox={outbox} />
      </main>
    </div>
  );
}

/** "N waiting to send" or "All sent" (only when nothing waits and nothing is left to put right), what is with the office, and why a wait is longer. */
function SendingStatus({
  waiting,
  withOffice,
  toPutRight,
  outcome,
  online,
  sending,
  onSend,
  onSignIn,
}: {
  waiting: number;
  /** Sent, and kept for the office to resolve. */
  withOffice: number;
  /** Refused, for the carer to put right. */
  toPutRight: number;
  outcome: SendOutcome | undefined;
  online: boolean;
  sending: boolean;
  onSend: () => void;
  onSignIn: () => void;
}) {
  if (outcome === 'sign-in-needed') {
    return (
      <div role="alert" className="space-y-3 rounded-xl border border-warning bg-warning/15 p-4">
        <p className="font-semibold">{waiting > 0 ? `${waiting} waiting to send` : 'All sent'}</p>
        <p>Your sign-in has ended. Sign in again to send your visits: they are kept on this phone until then.</p>
        <CarerButton onClick={onSignIn} look="primary" className="w-full">
          Sign in again
        </CarerButton>
      </div>
    );
  }
  const asides = [toPutRight > 0 ? `${toPutRight} to put right` : '', withOffice > 0 ? `${withOffice} with the office` : ''].filter(Boolean).join(' · ');
  if (waiting === 0) {
    return (
      <p aria-live="polite" className="rounded-xl bg-secondary px-4 py-3 text-lg font-semibold text-secondary-foreground">
        {toPutRight === 0 && withOffice === 0 ? 'All sent' : 'Nothing waiting to send'}
        {asides ? <span className="block text-base font-medium">{asides}</span> : null}
      </p>
    );
  }
  // Why the visits still wait, as far as the phone can tell: no network at all, or a call the office did not answer.
  const why = sending
    ? 'Sending…'
    : !online
      ? 'No signal: your visits are kept on this phone and go by themselves when there is signal.'
      : outcome === 'offline'
        ? 'The office is not answering: your visits are kept on this phone and the app tries again every minute.'
        : 'Your visits go to the office by themselves.';
  return (
    <div aria-live="polite" className="space-y-2 rounded-xl border border-warning bg-warning/15 p-4">
      <p className="text-lg font-semibold">{waiting} waiting to send</p>
      {asides ? <p className="font-medium">{asides}</p> : null}
      <p>{why}</p>
      <CarerButton onClick={onSend} disabled={sending} size="small">
        {sending ? 'Sending…' : 'Send now'}
      </CarerButton>
    </div>
  );
}

function ClientCard({
  pkg,
  today,
  live,
  busy,
  form,
  onRecord,
  onStart,
  onFinish,
  onCancelLive,
}: {
  pkg: CarerPackage;
  today: string;
  live: LiveVisit | undefined;
  /** The client whose visit is running, when it is another's: Start waits for it to finish. */
  busy: string | undefined;
  form: React.ReactNode;
  onRecord: (kind: 'visit' | 'couldNotVisit') => void;
  onStart: () => void;
  onFinish: () => void;
  onCancelLive: () => void;
}) {
  return (
    <article id={`client-${pkg.id}`} aria-label={pkg.clientName} className="scroll-mt-20 rounded-xl border bg-card p-4 shadow-xs">
      <h2 className="text-xl font-semibold">{pkg.clientName}</h2>
      <dl className="mt-2 space-y-1">
        {pkg.address ? (
          <div>
            <dt className="sr-only">Address</dt>
            <dd>
              <MapLink address={pkg.address} />
            </dd>
          </div>
        ) : null}
        {pkg.phone ? (
          <div>
            <dt className="sr-only">Phone</dt>
            <dd>
              <a href={`tel:${pkg.phone.replace(/\s/g, '')}`} className="font-medium text-primary underline underline-offset-4">
                {pkg.phone}
              </a>
            </dd>
          </div>
        ) : null}
        <div>
          <dt className="inline text-muted-foreground">Care: </dt>
          <dd className="inline">{[pkg.services.join(', '), `${pkg.weeklyHours} hours a week`].filter(Boolean).join(' · ')}</dd>
        </div>
        {pkg.notes ? (
          <div>
            <dt className="inline text-muted-foreground">Notes: </dt>
            <dd className="inline whitespace-pre-line">
              <WithPhoneLinks text={pkg.notes} />
            </dd>
          </div>
        ) : null}
      </dl>
      <KeyInformationList info={pkg.keyInformation} />
      {live ? (
        <div className="mt-3 flex flex-wrap items-center justify-between gap-2 rounded-lg bg-accent px-3 py-2">
          <p className="font-medium">
            Visit started at {live.start}
            {live.date === today ? ' today' : ` on ${formatShortDay(live.date)}`}
          </p>
          <CarerButton onClick={onCancelLive} size="small">
            Cancel visit
          </CarerButton>
        </div>
      ) : null}
      {form ?? (
        <div className="mt-4 grid gap-3 min-[420px]:grid-cols-2">
          <CarerButton onClick={() => onRecord('visit')} look="primary">
            Record a visit
          </CarerButton>
          {live ? (
            <CarerButton onClick={onFinish} look="outline">
              Finish visit
            </CarerButton>
          ) : (
            <CarerButton
              onClick={onStart}
              disabled={busy !== undefined}
              aria-describedby={busy ? `${pkg.id}-busy` : undefined}
              look="outline"
            >
              Start visit
            </CarerButton>
          )}
          <CarerButton
            onClick={() => onRecord('couldNotVisit')}
            className="min-[420px]:col-span-2"
          >
            Couldn’t visit
          </CarerButton>
          {busy ? (
            <p id={`${pkg.id}-busy`} className="text-sm text-muted-foreground min-[420px]:col-span-2">
              Start is off while your visit to {busy} is running: finish that one first.
            </p>
          ) : null}
        </div>
      )}
    </article>
  );
}
