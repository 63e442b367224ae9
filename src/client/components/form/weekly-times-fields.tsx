import { Plus, Trash2 } from 'lucide-react';
import { Field } from '@/client/components/form/field';
import { WeekdayOptions } from '@/client/components/form/weekday-options';
import { Button } from '@/client/components/ui/button';
import { Input } from '@/client/components/ui/input';
import { NativeSelect } from '@/client/components/ui/native-select';
import type { PlannedWeeklyVisit } from '@/shared/visit-plans';

/** Times in the week, a row each (day, from, to), with Add and Remove: a carer's availability, a client's visit times. */
export function WeeklyTimesFields({
  legend,
  times,
  onChange,
  onAdd,
  onRemove,
}: {
  legend: string;
  times: readonly PlannedWeeklyVisit[];
  onChange: (index: number, change: Partial<PlannedWeeklyVisit>) => void;
  onAdd: () => void;
  onRemove: (index: number) => void;
}) {
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-1 text-sm font-semibold">{legend}</legend>
      {times.map((window, index) => (
        <div key={index} role="group" aria-label={`Time ${index + 1}`} className="grid grid-cols-2 items-end gap-2 sm:grid-cols-[2fr_1fr_1fr_auto]">
          <Field label="Day" className="col-span-2 sm:col-span-1">
            <NativeSelect value={window.weekday} onChange={(e) => onChange(index, { weekday: Number(e.target.value) })}>
              <WeekdayOptions />
            </NativeSelect>
          </Field>
          <Field label="From">
            <Input type="time" value={window.start} onChange={(e) => onChange(index, { start: e.target.value })} />
          </Field>
          <Field label="To">
            <Input type="time" value={window.end} onChange={(e) => onChange(index, { end: e.target.value })} />
          </Field>
          <Button type="button" variant="outline" className="col-span-2 sm:col-span-1" onClick={() => onRemove(index)} aria-label={`Remove time ${index + 1}`}>
            <Trash2 aria-hidden />
          </Button>
        </div>
      ))}
      <Button type="button" variant="outline" className="self-start" onClick={onAdd}>
        <Plus aria-hidden /> Add a time
      </Button>
    </fieldset>
  );
}
