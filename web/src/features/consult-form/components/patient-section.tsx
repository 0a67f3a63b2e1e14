import { AGE_UNITS, SEXES, SPAY_NEUTER_STATUSES, SPECIES } from '@vetconsult/schema/values';
import type { UseFormReturn } from 'react-hook-form';
import { SelectField, TextField } from '../../../components/ui/form-field';
import type { ConsultFormValues } from '../hooks/consult-form-values';
import { FormSection } from './form-section';

/** SPEC §2 Patient Information. */
export function PatientSection<T>({ form }: { form: UseFormReturn<ConsultFormValues, unknown, T> }) {
  const {
    register,
    formState: { errors },
  } = form;
  return (
    <FormSection
      id="patient-information"
      title="Patient Information"
      description="Who is the patient and who is asking."
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Patient Name"
          mandatory
          autoComplete="off"
          {...register('patientName')}
          error={errors.patientName?.message}
        />
        <TextField
          label="Family Last Name"
          mandatory
          autoComplete="off"
          {...register('familyLastName')}
          error={errors.familyLastName?.message}
        />
        <TextField
          label="Contact Email"
          mandatory
          type="email"
          autoComplete="email"
          {...register('contactEmail')}
          error={errors.contactEmail?.message}
        />
        <TextField
          label="Submitting DVM"
          mandatory
          autoComplete="name"
          {...register('submittingDvm')}
          error={errors.submittingDvm?.message}
        />
        <SelectField label="Species" mandatory {...register('species')} error={errors.species?.message}>
          <option value="">Select species</option>
          {SPECIES.map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </SelectField>
        <TextField label="Breed (optional)" autoComplete="off" {...register('breed')} error={errors.breed?.message} />
        <SelectField label="Sex" mandatory {...register('sex')} error={errors.sex?.message}>
          <option value="">Select sex</option>
          {SEXES.map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Spay/Neuter Status (optional)"
          {...register('spayNeuterStatus')}
          error={errors.spayNeuterStatus?.message}
        >
          <option value="">Select status</option>
          {SPAY_NEUTER_STATUSES.map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Date of Birth (optional)"
          type="date"
          {...register('dateOfBirth')}
          error={errors.dateOfBirth?.message}
        />
        <div className="grid grid-cols-[1fr_8rem] gap-3">
          <TextField
            label="Age"
            mandatory
            type="number"
            inputMode="decimal"
            step="0.1"
            min="0.1"
            max="50"
            {...register('age')}
            error={errors.age?.message}
          />
          <SelectField label="Age Unit" mandatory {...register('ageUnit')} error={errors.ageUnit?.message}>
            {AGE_UNITS.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </SelectField>
        </div>
      </div>
    </FormSection>
  );
}
