import { WEEKDAYS } from '@/shared/visit-plans';

/** The days of the week as a select's options, valued 1 (Monday) to 7 (Sunday) as plans and availability write them. */
export function WeekdayOptions() {
  return WEEKDAYS.map((day, i) => (
    <option key={day} value={i + 1}>
      {day}
    </option>
  ));
}
