import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Field } from '@/client/components/form/field';
import { ConfirmDialog } from '@/client/components/confirm-dialog';
import { Button } from '@/client/components/ui/button';
import { Input } from '@/client/components/ui/input';
import { ChoiceSelect } from '@/client/components/form/choice-select';
import { Textarea } from '@/client/components/ui/textarea';
import { formatDate } from '@/client/lib/format';
import { NOTE_SOURCES } from '@/shared/constants';
import { todayIn } from '@/shared/dates';
import type { Note } from '@/shared/schemas/common';

type Source = (typeof NOTE_SOURCES)[number];

/**
 * How a change to the list is kept: `form` changes the list of the form around it (saved with the form);
 * `now` saves each added, edited or removed note at once, as the Notes tab's Save Notes.
 */
export type NotesSaving = 'form' | 'now';

/** Whole minutes stay whole; older fractional values show to two decimals. */
const minutesShown = (minutes: number) => String(Math.round(minutes * 100) / 100);

/** One note being written. Time taken is in minutes when adding and editing alike (docs/decisions/074-time-taken-minutes-when-editing-too.md). */
function NoteDraftForm({
  initial,
  mode,
  saving,
  onSave,
  onCancel,
  onPendingChange,
}: {
  initial: Note;
  mode: 'add' | 'edit';
  saving: NotesSaving;
  /** Resolves once the note is kept; a rejection keeps what was typed. */
  onSave: (note: Note) => Promise<unknown> | void;
  onCancel?: () => void;
  onPendingChange: (pending: boolean) => void;
}) {
  const [date, setDate] = useState(initial.date);
  const [text, setText] = useState(initial.note);
  const [source, setSource] = useState<Source>(initial.source);
  const [time, setTime] = useState(minutesShown(initial.minutesTaken));
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const pending =
    mode === 'add'
      ? text.trim() !== ''
      : text !== initial.note || date !== initial.date || source !== initial.source || time !== minutesShown(initial.minutesTaken);
  useEffect(() => onPendingChange(pending), [pending, onPendingChange]);
  useEffect(() => () => onPendingChange(false), [onPendingChange]);

  const save = async () => {
    const shown = time.trim() === '' ? 0 : Number(time);
    if (!text.trim()) return setError('A note cannot be blank');
    if (!date) return setError('Enter the date of the note');
    if (!Number.isFinite(shown) || shown < 0) return setError('Time taken cannot be negative');
    // An unchanged time keeps its stored value exactly.
    const minutesTaken = time === minutesShown(initial.minutesTaken) ? initial.minutesTaken : shown;
    setBusy(true);
    try {
      await onSave({ date, note: text.trim(), source, minutesTaken });
    } catch {
      // Shown as a toast; what was typed stays.
      return;
    } finally {
      setBusy(false);
    }
    setError(undefined);
    if (mode === 'add') {
      setText('');
      setTime('0');
    }
  };

  const label = saving === 'now' ? (busy ? 'Saving...' : 'Save Notes') : mode === 'add' ? 'Add note' : 'Update note';
  return (
    <div className="grid gap-3 rounded-lg border bg-muted/40 p-3 sm:grid-cols-3" role="group" aria-label={mode === 'add' ? 'New note' : 'Edit note'}>
      <Field label="Date">
        <Input type="date" value={date} onChange={(e) => setDate(e.target.value)} />
      </Field>
      <Field label="Source">
        <ChoiceSelect choices={NOTE_SOURCES} value={source} onChange={(e) => setSource(e.target.value as Source)} />
      </Field>
      <Field label="Time taken (mins)">
        <Input type="number" inputMode="decimal" min={0} step={1} value={time} onChange={(e) => setTime(e.target.value)} />
      </Field>
      <Field label="Note" className="sm:col-span-3" error={error}>
        <Textarea value={text} onChange={(e) => setText(e.target.value)} rows={3} />
      </Field>
      <div className="flex justify-end gap-2 sm:col-span-3">
        {onCancel && (
          <Button type="button" variant="outline" size="sm" disabled={busy} onClick={onCancel}>
            Cancel
          </Button>
        )}
        <Button type="button" size="sm" variant={mode === 'add' && saving === 'form' ? 'secondary' : 'default'} disabled={busy} onClick={() => void save()}>
          {mode === 'add' && saving === 'form' && <Plus aria-hidden />}
          {label}
        </Button>
      </div>
    </div>
  );
}

function minutesText(minutes: number): string {
  if (!minutes) return '';
  return minutes >= 60 ? `${Math.round((minutes / 60) * 100) / 100} h` : `${minutesShown(minutes)} min`;
}

/** "24 Nov 2026: Daughter visits on…", so each note's buttons have a name of their own. */
function noteName(note: Note): string {
  const words = note.note.replace(/\s+/g, ' ');
  return `${formatDate(note.date)}: ${words.length > 40 ? `${words.slice(0, 40)}…` : words}`;
}

function RemoveNoteConfirm({ note, onCancel, onRemove }: { note: Note | null; onCancel: () => void; onRemove: () => void }) {
  return (
    <ConfirmDialog
      open={note !== null}
      title="Remove this note?"
      description={note && noteName(note)}
      keepLabel="Keep note"
      confirmLabel="Remove note"
      onKeep={onCancel}
      onConfirm={onRemove}
    />
  );
}

/**
 * The dated notes of a client or carer: newest first on screen, added and edited in place. `onPendingChange`
 * says whether a note is being written and not yet kept, so leaving can be warned about.
 */
export function NotesEditor({
  value,
  onChange,
  saving = 'form',
  readOnly = false,
  error,
  onPendingChange,
}: {
  value: Note[];
  /** With saving `now`, saves the list; a rejection keeps the note being written. */
  onChange: (notes: Note[]) => Promise<unknown> | void;
  saving?: NotesSaving;
  readOnly?: boolean;
  error?: string;
  onPendingChange?: (pending: boolean) => void;
}) {
  const [editing, setEditing] = useState<number | null>(null);
  const [removing, setRemoving] = useState<number | null>(null);
  const [addPending, setAddPending] = useState(false);
  const [editPending, setEditPending] = useState(false);
  const pending = addPending || editPending;
  useEffect(() => onPendingChange?.(pending), [pending, onPendingChange]);
  const today = todayIn();
  const order = value.map((note, index) => ({ note, index })).sort((a, b) => b.note.date.localeCompare(a.note.date));

  return (
    <div className="flex flex-col gap-3">
      {error && (
        <p className="text-sm text-destructive" role="alert">
          {error}
        </p>
      )}
      {!readOnly && (
        // Hidden, not removed, while another note is edited: one form at a time, and nothing typed is lost.
        <div hidden={editing !== null}>
          <NoteDraftForm
            mode="add"
            saving={saving}
            initial={{ date: today, note: '', source: 'Phone', minutesTaken: 0 }}
            onPendingChange={setAddPending}
            onSave={(note) => onChange([...value, note])}
          />
        </div>
      )}
      {value.length === 0 ? (
        <p className="text-sm text-muted-foreground">No notes added yet</p>
      ) : (
        <ul className="flex flex-col gap-2" aria-label="Notes">
          {order.map(({ note, index }) =>
            editing === index ? (
              <li key={index}>
                <NoteDraftForm
                  mode="edit"
                  saving={saving}
                  initial={note}
                  onPendingChange={setEditPending}
                  onCancel={() => setEditing(null)}
                  onSave={async (changed) => {
                    await onChange(value.map((n, i) => (i === index ? changed : n)));
                    setEditing(null);
                  }}
                />
              </li>
            ) : (
              <li key={index} className="rounded-lg border bg-card p-3">
                <div className="flex items-start justify-between gap-2">
                  <p className="text-xs text-muted-foreground">
                    {formatDate(note.date)} · {note.source}
                    {note.minutesTaken ? ` · ${minutesText(note.minutesTaken)}` : ''}
                  </p>
                  {!readOnly && (
                    <div className="flex gap-1">
                      <Button
                        type="button"
                        variant="ghost"
                        size="icon"
                        className="size-7"
                        aria-label={`Edit note of ${noteName(note)}`}
                        disabled={editing !== null}
                        onClick={() => setEditing(index)}
                      >
                        <Pencil />
                      </Button>
                      <Button
                        type="button"
                        variant="ghost"
                        size="icon"
                        className="size-7"
                        aria-label={`Remove note of ${noteName(note)}`}
                        disabled={editing !== null}
                        onClick={() => (saving === 'now' ? setRemoving(index) : void onChange(value.filter((_, i) => i !== index)))}
                      >
                        <Trash2 />
                      </Button>
                    </div>
                  )}
                </div>
                <p className="mt-1 text-sm whitespace-pre-wrap">{note.note}</p>
              </li>
            ),
          )}
        </ul>
      )}
      <RemoveNoteConfirm
        note={removing === null ? null : (value[removing] ?? null)}
        onCancel={() => setRemoving(null)}
        onRemove={() => {
          const index = removing;
          setRemoving(null);
          if (index !== null) void Promise.resolve(onChange(value.filter((_, i) => i !== index))).catch(() => undefined);
        }}
      />
    </div>
  );
}

/** Shown when a form is saved while a note is still being written in it. */
export const NOTE_NOT_ADDED = 'Finish or clear the note you are writing before saving';
