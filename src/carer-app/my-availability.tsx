import { useState } from 'react';
import type { RouterOutputs } from '@/browser/api-types';
import { formatDate } from '@/shared/dates';
import { plannedVisitWords, type PlannedWeeklyVisit, WEEKDAYS } from '@/shared/visit-plans';
import { NO_AVAILABILITY, type TimeOff } from '@/shared/availability';
import { useAvailabilityDraft } from '@/browser/availability-draft';
import { CarerButton } from './carer-button';
import { FIELD } from './visit-form';

type Availability = RouterOutputs['carerApp']['myAvailability'];

/** Reading and saving the carer's availability: both need signal. */
export interface AvailabilityApi {
  read(): Promise<Availability>;
  save(input: { weekly: PlannedWeeklyVisit[]; timeOff: TimeOff[]; version: number }): Promise<Availability>;
}

const NEEDS_SIGNAL = 'This needs signal: try again where there is some.';

/**
 * "When you can work": the carer's own times in the week and time off, which the office plans within. Fetched when
 * opened and saved at once, as it is not a visit: with no signal the carer is told, and nothing is kept on the phone.
 */
export function MyAvailability({ api }: { api: AvailabilityApi }) {
  const [stored, setStored] = useState<Availability>();
  const draft = useAvailabilityDraft(NO_AVAILABILITY);
  const [editing, setEditing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  const [saved, setSaved] = useState('');

  async function open() {
    setBusy(true);
    setProblem('');
    try {
      const found = await api.read();
      setStored(found);
      draft.reset(found);
      setEditing(true);
    } catch {
      setProblem(NEEDS_SIGNAL);
    } finally {
      setBusy(false);
    }
  }

  async function save(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    setProblem('');
    try {
      const result = await api.save({ ...draft.saved(), version: stored?.version ?? 0 });
      setStored(result);
      setEditing(false);
      setSaved('Saved: the office plans your visits within these times.');
    } catch (error) {
      setProblem(navigator.onLine && error instanceof Error ? error.message : NEEDS_SIGNAL);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="availability-heading" className="space-y-3">
      <h2 id="availability-heading" className="text-2xl font-semibold">
        When you can work
      </h2>
      {!editing ? (
        <>
          {stored ? (
            <div>
              <p>{stored.weekly.length ? stored.weekly.map(plannedVisitWords).join(' · ') : 'Not said yet: the office may plan at any time.'}</p>
              {stored.timeOff.map((off) => (
                <p key={off.from} className="text-muted-foreground">
                  Away {formatDate(off.from)} to {formatDate(off.to)}
                  {off.note ? `: ${off.note}` : ''}
                </p>
              ))}
            </div>
          ) : (
            <p className="text-muted-foreground">Say when you can work and when you are away: the office plans your visits within it.</p>
          )}
          {saved ? <p role="status">{saved}</p> : null}
          <CarerButton onClick={() => void open()} disabled={busy}>
            {busy ? 'Opening…' : stored ? 'Change when you can work' : 'Say when you can work'}
          </CarerButton>
        </>
      ) : (
        <form onSubmit={(event) => void save(event)} noValidate className="space-y-4 rounded-xl border bg-secondary/40 p-4">
          <fieldset className="space-y-3">
            <legend className="font-semibold">Times in the week</legend>
            {draft.weekly.map((window, index) => (
              <div key={index} role="group" aria-label={`Time ${index + 1}`} className="grid grid-cols-2 gap-2">
                <label className="col-span-2 font-medium">
                  Day
                  <select className={FIELD} value={window.weekday} onChange={(e) => draft.changeTime(index, { weekday: Number(e.target.value) })}>
                    {WEEKDAYS.map((day, i) => (
                      <option key={day} value={i + 1}>
                        {day}
                      </option>
                    ))}
                  </select>
                </label>
                <label className="font-medium">
                  From
                  <input type="time" className={FIELD} value={window.start} onChange={(e) => draft.changeTime(index, { start: e.target.value })} />
                </label>
                <label className="font-medium">
                  To
                  <input type="time" className={FIELD} value={window.end} onChange={(e) => draft.changeTime(index, { end: e.target.value })} />
                </label>
                <CarerButton size="small" className="col-span-2" onClick={() => draft.removeTime(index)}>
                  Remove this time
                </CarerButton>
              </div>
            ))}
            <CarerButton size="small" onClick={draft.addTime}>
              Add a time
            </CarerButton>
          </fieldset>
          <fieldset className="space-y-3">
            <legend className="font-semibold">Time off</legend>
            {draft.timeOff.map((off, index) => (
              <div key={index} role="group" aria-label={`Time off ${index + 1}`} className="grid grid-cols-2 gap-2">
                <label className="font-medium">
                  From
                  <input type="date" className={FIELD} value={off.from} onChange={(e) => draft.changeTimeOff(index, { from: e.target.value })} />
                </label>
                <label className="font-medium">
                  To
                  <input type="date" className={FIELD} value={off.to} onChange={(e) => draft.changeTimeOff(index, { to: e.target.value })} />
                </label>
                <label className="col-span-2 font-medium">
                  Why (optional)
                  <input className={FIELD} value={off.note ?? ''} onChange={(e) => draft.changeTimeOff(index, { note: e.target.value })} />
                </label>
                <CarerButton size="small" className="col-span-2" onClick={() => draft.removeTimeOff(index)}>
                  Remove this time off
                </CarerButton>
              </div>
            ))}
            <CarerButton size="small" onClick={draft.addTimeOff}>
              Add time off
            </CarerButton>
          </fieldset>
          {problem ? (
            <p role="alert" className="font-medium text-destructive">
              {problem}
            </p>
          ) : null}
          <div className="grid grid-cols-2 gap-3">
            <CarerButton type="submit" look="primary" disabled={busy}>
              {busy ? 'Saving…' : 'Save'}
            </CarerButton>
            <CarerButton onClick={() => setEditing(false)}>Cancel</CarerButton>
          </div>
        </form>
      )}
      {!editing && problem ? (
        <p role="alert" className="font-medium text-destructive">
          {problem}
        </p>
      ) : null}
    </section>
  );
}
