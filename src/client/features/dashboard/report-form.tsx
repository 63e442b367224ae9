import { Field } from '@/client/components/form/field';
import { Button } from '@/client/components/ui/button';
import { DialogClose, DialogFooter } from '@/client/components/ui/dialog';
import { Input } from '@/client/components/ui/input';
import { ChoiceSelect } from '@/client/components/form/choice-select';
import { FIRST_REPORT_YEAR } from '@/shared/constants';
import { REPORT_BREAKDOWNS, REPORT_ITEMS, type ReportBreakdown, type ReportType } from './report-model';

/** What the form holds; the start year as typed, read when the report is asked for. */
export interface ReportFormValues {
  items: ReportType;
  breakdown: ReportBreakdown;
  startYear: string;
}

export function ReportForm({
  values,
  currentYear,
  generating,
  onChange,
  onGenerate,
}: {
  values: ReportFormValues;
  currentYear: number;
  generating: boolean;
  onChange: (values: ReportFormValues) => void;
  onGenerate: () => void;
}) {
  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        onGenerate();
      }}
    >
      <Field label="Report Type">
        <ChoiceSelect
          choices={Object.keys(REPORT_ITEMS) as ReportType[]}
          wordsOf={(items) => REPORT_ITEMS[items].option}
          value={values.items}
          onChange={(e) => onChange({ ...values, items: e.target.value as ReportType })}
        />
      </Field>
      <Field label="Breakdown Type">
        <ChoiceSelect
          choices={Object.keys(REPORT_BREAKDOWNS) as ReportBreakdown[]}
          wordsOf={(breakdown) => REPORT_BREAKDOWNS[breakdown].option}
          value={values.breakdown}
          onChange={(e) => onChange({ ...values, breakdown: e.target.value as ReportBreakdown })}
        />
      </Field>
      <Field label="Start Year" hint={`From ${FIRST_REPORT_YEAR} to ${currentYear}`}>
        <Input
          type="number"
          inputMode="numeric"
          min={FIRST_REPORT_YEAR}
          max={currentYear}
          step={1}
          value={values.startYear}
          onChange={(e) => onChange({ ...values, startYear: e.target.value })}
        />
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
