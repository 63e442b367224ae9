import type { UseFormReturn } from 'react-hook-form';
import { Field } from '@/client/components/form/field';
import { Button } from '@/client/components/ui/button';
import { DialogClose, DialogFooter } from '@/client/components/ui/dialog';
import { Input } from '@/client/components/ui/input';
import { NativeSelect } from '@/client/components/ui/native-select';
import { FIRST_REPORT_YEAR } from '@/shared/constants';
import { REPORT_BREAKDOWNS, REPORT_ITEMS, type ReportBreakdown, type ReportType } from './report-model';

/** What the form holds; the start year as typed, read when the report is asked for. */
export interface ReportFormValues {
  items: ReportType;
  breakdown: ReportBreakdown;
  startYear: string;
}

/**
 * The report's choices. The form is the dialog's (`form`), not this component's: the choices outlast the form
 * while a report is shown, and "Generate New" comes back to them.
 */
export function ReportForm({
  form,
  currentYear,
  generating,
  onGenerate,
}: {
  form: UseFormReturn<ReportFormValues>;
  currentYear: number;
  generating: boolean;
  onGenerate: (values: ReportFormValues) => void;
}) {
  const { register, handleSubmit } = form;
  return (
    <form className="flex flex-col gap-4" onSubmit={(event) => void handleSubmit(onGenerate)(event)}>
      <Field label="Report Type">
        <NativeSelect {...register('items')}>
          {Object.entries(REPORT_ITEMS).map(([value, words]) => (
            <option key={value} value={value}>
              {words.option}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Field label="Breakdown Type">
        <NativeSelect {...register('breakdown')}>
          {Object.entries(REPORT_BREAKDOWNS).map(([value, words]) => (
            <option key={value} value={value}>
              {words.option}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Field label="Start Year" hint={`From ${FIRST_REPORT_YEAR} to ${currentYear}`}>
        <Input type="number" inputMode="numeric" min={FIRST_REPORT_YEAR} max={currentYear} step={1} {...register('startYear')} />
      </Field>
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="outline">
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" disabled={generating}>
          {generating ? 'Generating...' : 'Generate Report'}
        </Button>
      </DialogFooter>
    </form>
  );
}
