import { ALL_DAY, type WeeklySlot } from '@vetconsult/schema/availability';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogHeading } from '../../../components/ui/dialog';
import { SelectField } from '../../../components/ui/form-field';
import { DEFAULT_END, DEFAULT_START, WEEKDAYS, WEEKLY_TIME_OPTIONS } from './time-of-day';
import { TimeSelect } from './time-select';

interface AddAvailabilityDialogProps {
  open: boolean;
  day: number;
  busy: boolean;
  onClose(): void;
  /** Resolves null when the slot was stored (the dialog then closes), else the problem to show. */
  onAdd(slot: WeeklySlot): Promise<string | null>;
}

/** Weekly panel: a day, a start and an end in 30-minute steps from 06:00 to 22:00, or all day. */
export function AddAvailabilityDialog({ open, day, busy, onClose, onAdd }: AddAvailabilityDialogProps) {
  const [dayOfWeek, setDayOfWeek] = useState(day);
  const [startTime, setStartTime] = useState(DEFAULT_START);
  const [endTime, setEndTime] = useState(DEFAULT_END);
  const [allDay, setAllDay] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const allDayId = useId();

  // Each opening starts from the defaults, on the day tab the user is looking at.
  useEffect(() => {
    if (!open) return;
    setDayOfWeek(day);
    setStartTime(DEFAULT_START);
    setEndTime(DEFAULT_END);
    setAllDay(false);
    setProblem(null);
  }, [open, day]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const times = allDay ? ALL_DAY : { startTime, endTime };
    const outcome = await onAdd({ dayOfWeek, ...times });
    setProblem(outcome);
    if (outcome === null) onClose();
  };

  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} placement="sheet">
      <DialogHeading>Add Availability</DialogHeading>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        Choose when you are available to take consultations every week.
      </p>
      <form onSubmit={onSubmit} className="mt-5 space-y-4">
        <SelectField label="Day" value={dayOfWeek} onChange={(event) => setDayOfWeek(Number(event.target.value))}>
          {WEEKDAYS.map((name, index) => (
            <option key={name} value={index}>
              {name}
            </option>
          ))}
        </SelectField>
        <div className="flex items-center gap-3 rounded-lg bg-slate-50 px-3 py-2.5 dark:bg-slate-800/60">
          <input
            id={allDayId}
            type="checkbox"
            checked={allDay}
            onChange={(event) => setAllDay(event.target.checked)}
            className="size-4 rounded border-slate-300 accent-brand-700 dark:accent-brand-400"
          />
          <label htmlFor={allDayId} className="text-sm font-medium text-slate-700 dark:text-slate-200">
            All day (12:00 AM – 11:59 PM)
          </label>
        </div>
        <div className="grid grid-cols-2 gap-3">
          <TimeSelect
            label="Start time"
            value={allDay ? (WEEKLY_TIME_OPTIONS[0] ?? DEFAULT_START) : startTime}
            options={WEEKLY_TIME_OPTIONS}
            onChange={setStartTime}
            disabled={allDay}
          />
          <TimeSelect
            label="End time"
            value={allDay ? (WEEKLY_TIME_OPTIONS.at(-1) ?? DEFAULT_END) : endTime}
            options={WEEKLY_TIME_OPTIONS}
            onChange={setEndTime}
            disabled={allDay}
          />
        </div>
        {problem ? (
          <p
            role="alert"
            className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950/60 dark:text-red-200"
          >
            {problem}
          </p>
        ) : null}
        <div className="flex justify-end gap-3 pt-2">
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" busy={busy}>
            Add Availability
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
