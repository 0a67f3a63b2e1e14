import { SelectField } from '../../../components/ui/form-field';
import { formatTime12h } from './time-of-day';

interface TimeSelectProps {
  label: string;
  value: string;
  options: readonly string[];
  onChange(value: string): void;
  disabled?: boolean;
}

/** A labelled select of HH:MM values shown in 12-hour form. */
export function TimeSelect({ label, value, options, onChange, disabled }: TimeSelectProps) {
  return (
    <SelectField label={label} value={value} disabled={disabled} onChange={(event) => onChange(event.target.value)}>
      {options.map((time) => (
        <option key={time} value={time}>
          {formatTime12h(time)}
        </option>
      ))}
    </SelectField>
  );
}
