import { useState } from 'react';
import { FunderSelect } from '@/client/components/care/funder-options';
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
  /** The wellbeing report's period and funder ('' for all care). */
  from: string;
  to: string;
  funder: string;
}

/** The wellbeing report's period, with its message when it ends before it begins. */
export const wellbeingPeriodError = ({ from, to }: ReportFormValues) => (!from || !to ? 'Give the first and last day' : from > to ? 'The period ends before it begins' : undefined);

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
  const [tried, setTried] = useState(false);
  const periodError = tried && values.items === 'wellbeing' ? wellbeingPeriodError(values) : undefined;
  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        setTried(true);
        if (values.items !== 'wellbeing' || !wellbeingPeriodError(values)) onGenerate();
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
      {values.items === 'wellbeing' ? (
        <>
          <div className="grid grid-cols-2 gap-3">
            <Field label="From">
              <Input type="date" value={values.from} onChange={(e) => onChange({ ...values, from: e.target.value })} />
            </Field>
            <Field label="To" error={periodError}>
              <Input type="date" value={values.to} onChange={(e) => onChange({ ...values, to: e.target.value })} />
            </Field>
          </div>
          <Field label="Funder" hint="The care a funder paid for in the period, or all care">
            <FunderSelect none="All care" value={values.funder} onChange={(e) => onChange({ ...values, funder: e.target.value })} />
          </Field>
        </>
      ) : (
        <>
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
        </>
      )}
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
