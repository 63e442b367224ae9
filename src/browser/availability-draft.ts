import { useState } from 'react';
import type { Availability, TimeOff } from '@/shared/availability';
import { todayIn } from '@/shared/dates';
import type { PlannedWeeklyVisit } from '@/shared/visit-plans';

const replaced = <T>(rows: readonly T[], index: number, change: Partial<T>) => rows.map((row, i) => (i === index ? { ...row, ...change } : row));
const without = <T>(rows: readonly T[], index: number) => rows.filter((_, i) => i !== index);

/**
 * Availability being edited, on the office's form and the carer's phone alike: its times in the week and its time
 * off, a row at a time. A new time is the day after the last one's, 09:00–17:00; new time off starts and ends today.
 */
export function useAvailabilityDraft(initial: Availability) {
  const [weekly, setWeekly] = useState<PlannedWeeklyVisit[]>(initial.weekly);
  const [timeOff, setTimeOff] = useState<TimeOff[]>(initial.timeOff);
  return {
    weekly,
    timeOff,
    reset: (availability: Availability) => {
      setWeekly(availability.weekly);
      setTimeOff(availability.timeOff);
    },
    changeTime: (index: number, change: Partial<PlannedWeeklyVisit>) => setWeekly(replaced(weekly, index, change)),
    addTime: () => setWeekly([...weekly, { weekday: ((weekly.at(-1)?.weekday ?? 0) % 7) + 1, start: '09:00', end: '17:00' }]),
    removeTime: (index: number) => setWeekly(without(weekly, index)),
    changeTimeOff: (index: number, change: Partial<TimeOff>) => setTimeOff(replaced(timeOff, index, change)),
    addTimeOff: () => setTimeOff([...timeOff, { from: todayIn(), to: todayIn() }]),
    removeTimeOff: (index: number) => setTimeOff(without(timeOff, index)),
    /** What is sent: a time off's note only where one was typed. */
    saved: (): Availability => ({ weekly, timeOff: timeOff.map(({ note, ...off }) => ({ ...off, ...(note?.trim() ? { note } : {}) })) }),
  };
}
