import { type Control, Controller } from 'react-hook-form';
import { AddressInput } from './address-input';
import { TextField } from './form-field';

// A veterinarian's clinic: name and structured address, as registration and the profile ask for it.

interface ClinicValues {
  clinicName?: string | null;
  clinicAddress?: string | null;
}

export function ClinicFields<Values extends ClinicValues>({ control }: { control: Control<Values> }) {
  // react-hook-form's Control is invariant in its form type; every form passed here has both fields.
  const clinic = control as unknown as Control<ClinicValues>;
  return (
    <>
      <Controller
        control={clinic}
        name="clinicName"
        render={({ field, fieldState }) => (
          <TextField
            label="Clinic Name"
            autoComplete="organization"
            error={fieldState.error?.message}
            {...field}
            value={field.value ?? ''}
          />
        )}
      />
      <Controller
        control={clinic}
        name="clinicAddress"
        render={({ field, fieldState }) => (
          <AddressInput
            legend="Clinic Address"
            value={field.value ?? ''}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={fieldState.error?.message}
          />
        )}
      />
    </>
  );
}
