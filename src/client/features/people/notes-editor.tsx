import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Field } from '@/client/components/form/field';
import { Button } from '@/client/components/ui/button';
import { Input } from '@/client/components/ui/input';
import { NativeSelect } from '@/client/components/ui/native-select';
import { Textarea } from '@/client/components/ui/textarea';
import { formatDate } from '@/client/lib/format';
import { NOTE_SOURCES } from '@/shared/constants';
import { todayIn } from '@/shared/dates';
import type { Note } from '@/shared/schemas/common';

type Source = (typeof NOTE_SOURCES)[number];

/**
 * One note being written. Time is entered in minutes when adding and shown in hours when editing
 * (spec §3 labels); it is stored in minutes either way.
 */
function NoteDraftForm({
  initial,
  mode,
  onSave,
  onCancel,
}: {
  initial: Note;
  mode: 'add' | 'edit';
  onSave: (note: Note) => void;
  onCancel?: () => void;
}) {
  const toShown = (minutes: number) => (mode === 'edit' ? minutes / 60 : minutes);
  const [date, setDate] = useState(initial.date);
  const [text, setText] = useState(initial.note);
  const [source, setSource] = useState<Source>(initial.source);
  const [time, setTime] = useState(String(toShown(initial.minutesTaken)));
  const [error, setError] = useState<string>();

  const save = () => {
    const shown = time.trim() === '' ? 0 : Number(time);
    if (!text.trim()) return setError('A note cannot be blank');
    if (!date) return setError('Enter the date of the note');
    if (!Number.isFinite(shown) || shown < 0) return setError('Time taken cannot be negative');
    onSave({ date, note: text.trim(), source, minutesTaken: mode === 'edit' ? shown * 60 : shown });
    if (mode === 'add') {
      setText('');
      setTime('0');
    }
    setError(undefined);
  };

  return (
    <div className="grid gap-3 rounded-lg border bg-muted/40 p-3 sm:grid-cols-3" role="group" aria-label={mode === 'add' ? 'New note' : 'Edit note'}>
      <Field label="Date">
        <Input type="date" value={date} onChange={(e) => setDate(e.target.value)} />
      </Field>
      <Field label="Source">
        <NativeSelect value={source} onChange={(e) => setSource(e.target.value as Source)}>
          {NOTE_SOURCES.map((s) => (
            <option key={s}>{s}</option>
          ))}
        </NativeSelect>
      </Field>
      <Field label={mode === 'add' ? 'Time taken (mins)' : 'Time taken (hours)'}>
        <Input type="number" min={0} step={0.25} value={time} onChange={(e) => setTime(e.target.value)} />
      </Field>
      <Field label="Note" className="sm:col-span-3" error={error}>
        <Textarea value={text} onChange={(e) => setText(e.target.value)} rows={3} />
      </Field>
      <div className="flex justify-end gap-2 sm:col-span-3">
        {onCancel && (
          <Button type="button" variant="outline" size="sm" onClick={onCancel}>
            Cancel
          </Button>
        )}
        <Button type="button" size="sm" variant={mode === 'add' ? 'secondary' : 'default'} onClick={save}>
          {mode === 'add' ? (
            <>
              <Plus aria-hidden /> Add note
            </>
          ) : (
            'Save note'
          )}
        </Button>
      </div>
    </div>
  );
}

function minutesText(minutes: number): string {
  if (!minutes) return '';
  return minutes >= 60 ? `${Math.round((minutes / 60) * 100) / 100} h` : `${minutes} min`;
}

/** The dated notes of a client or carer: newest first on screen, added and edited in place. */
export function NotesEditor({ value, onChange, readOnly = false }: { value: Note[]; onChange: (notes: Note[]) => void; readOnly?: boolean }) {
  const [editing, setEditing] = useState<number | null>(null);
  const today = todayIn();
  const order = value.map((note, index) => ({ note, index })).sort((a, b) => b.note.date.localeCompare(a.note.date));

  return (
    <div className="flex flex-col gap-3">
      {!readOnly && (
        <NoteDraftForm
          mode="add"
          initial={{ date: today, note: '', source: 'Phone', minutesTaken: 0 }}
          onSave={(note) => onChange([...value, note])}
        />
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
                  initial={note}
                  onCancel={() => setEditing(null)}
                  onSave={(changed) => {
                    onChange(value.map((n, i) => (i === index ? changed : n)));
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
                      <Button type="button" variant="ghost" size="icon" className="size-7" aria-label={`Edit note of ${formatDate(note.date)}`} onClick={() => setEditing(index)}>
                        <Pencil />
                      </Button>
                      <Button
                        type="button"
                        variant="ghost"
                        size="icon"
                        className="size-7"
                        aria-label={`Remove note of ${formatDate(note.date)}`}
                        onClick={() => onChange(value.filter((_, i) => i !== index))}
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
    </div>
  );
}
