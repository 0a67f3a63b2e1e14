import { URGENCIES, type Urgency } from '@vetconsult/schema/urgency';
import type { ConsultInput } from '../../../gql/graphql';
import type { Draft } from '../api/drafts';

// The form as react-hook-form holds it (text inputs as text); newConsultSchema turns it into the
// submission, draftSchema accepts any part of it.

export interface SpecialistResponse {
  questionId: number;
  questionText: string;
  answer: string;
}

export interface ConsultFormValues {
  specialty: string;
  species: string;
  patientName: string;
  familyLastName: string;
  contactEmail: string;
  submittingDvm: string;
  dateOfBirth: string;
  sex: string;
  breed: string;
  spayNeuterStatus: string;
  age: string;
  ageUnit: string;
  clinicalSigns: string;
  questions: string;
  /** 0 while no specialist is chosen (and with firstAvailable). */
  specificSpecialistId: number;
  /** Issue 19: sent to the first available specialist of the specialty instead of a named one. */
  firstAvailable: boolean;
  termsAccepted: boolean;
  specialistResponses: SpecialistResponse[];
  nutritionComplex: boolean;
  /** Issue 19: Routine (48 h), Priority (24 h) or STAT (4 h). */
  urgency: Urgency;
}

export const EMPTY_CONSULT: ConsultFormValues = {
  specialty: '',
  species: '',
  patientName: '',
  familyLastName: '',
  contactEmail: '',
  submittingDvm: '',
  dateOfBirth: '',
  sex: '',
  breed: '',
  spayNeuterStatus: '',
  age: '',
  ageUnit: 'Years',
  clinicalSigns: '',
  questions: '',
  specificSpecialistId: 0,
  firstAvailable: false,
  termsAccepted: false,
  specialistResponses: [],
  nutritionComplex: false,
  urgency: 'routine',
};

const urgencyOf = (value: unknown): Urgency =>
  (URGENCIES as readonly unknown[]).includes(value) ? (value as Urgency) : 'routine';

function responsesOf(value: unknown): SpecialistResponse[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry) => {
    if (!entry || typeof entry !== 'object') return [];
    const record = entry as Record<string, unknown>;
    return [
      {
        questionId: Number(record.questionId ?? 0),
        questionText: String(record.questionText ?? ''),
        answer: String(record.answer ?? ''),
      },
    ];
  });
}

/** A server draft as form values. */
export function fromDraft(draft: Draft): ConsultFormValues {
  return {
    specialty: draft.specialty ?? '',
    species: draft.species ?? '',
    patientName: draft.patientName ?? '',
    familyLastName: draft.familyLastName ?? '',
    contactEmail: draft.contactEmail ?? '',
    submittingDvm: draft.submittingDvm ?? '',
    dateOfBirth: draft.dateOfBirth ?? '',
    sex: draft.sex ?? '',
    breed: draft.breed ?? '',
    spayNeuterStatus: draft.spayNeuterStatus ?? '',
    age: draft.age === null || draft.age === undefined ? '' : String(draft.age),
    ageUnit: draft.ageUnit ?? 'Years',
    clinicalSigns: draft.clinicalSigns ?? '',
    questions: draft.questions ?? '',
    specificSpecialistId: draft.specialistId ?? 0,
    firstAvailable: draft.routing === 'first_available' && !draft.specialistId,
    termsAccepted: draft.termsAccepted ?? false,
    specialistResponses: responsesOf(draft.specialistResponses),
    nutritionComplex: draft.nutritionComplex ?? false,
    urgency: urgencyOf(draft.urgency),
  };
}

/** Form values as a draft save sends them (every field, so a cleared field is cleared on the server). */
export function toDraftInput(values: ConsultFormValues): ConsultInput {
  const age = values.age.trim();
  return {
    ...values,
    age: age === '' || Number.isNaN(Number(age)) ? null : Number(age),
    contactEmail: values.contactEmail.trim(),
  };
}

/** Stored copies may come from an older version of the form: missing fields take their defaults. */
export function withDefaults(values: Partial<ConsultFormValues> | undefined): ConsultFormValues {
  return {
    ...EMPTY_CONSULT,
    ...(values ?? {}),
    specialistResponses: responsesOf(values?.specialistResponses),
    urgency: urgencyOf(values?.urgency),
  };
}

const FIELD_LABELS: Record<string, string> = {
  specialty: 'Specialty',
  species: 'Species',
  patientName: 'Patient Name',
  familyLastName: 'Family Last Name',
  contactEmail: 'Contact Email',
  submittingDvm: 'Submitting DVM',
  dateOfBirth: 'Date of Birth',
  sex: 'Sex',
  breed: 'Breed',
  spayNeuterStatus: 'Spay/Neuter Status',
  age: 'Age',
  ageUnit: 'Age Unit',
  clinicalSigns: 'Clinical Signs',
  questions: 'Specific Questions',
  specificSpecialistId: 'Specialist',
  firstAvailable: 'Specialist',
  termsAccepted: 'Terms',
  specialistResponses: 'Specialist Questions',
  nutritionComplex: 'Nutrition Formulation',
  urgency: 'Urgency',
};

export const fieldLabel = (field: string) => FIELD_LABELS[field] ?? field;

/** A named specialist or the first available one (issue 19). */
export const hasSpecialistChoice = (values: ConsultFormValues) =>
  values.specificSpecialistId > 0 || values.firstAvailable;

/** The required fields that are still empty, by their labels (SPEC §5 'Please complete: {names}'). */
export function missingRequiredFields(values: ConsultFormValues): string[] {
  const missing: string[] = [];
  const text = (field: keyof ConsultFormValues) => String(values[field] ?? '').trim() === '';
  for (const field of [
    'patientName',
    'familyLastName',
    'contactEmail',
    'submittingDvm',
    'species',
    'sex',
    'specialty',
    'ageUnit',
    'clinicalSigns',
    'questions',
  ] as const) {
    if (text(field)) missing.push(fieldLabel(field));
  }
  if (!(Number(values.age) > 0)) missing.push(fieldLabel('age'));
  if (!hasSpecialistChoice(values)) missing.push(fieldLabel('specificSpecialistId'));
  return missing;
}

/** The submit button's precondition: basic fields, age above 0, a specialist and the terms. */
export function basicFieldsPresent(values: ConsultFormValues): boolean {
  const basic = [
    values.patientName,
    values.familyLastName,
    values.contactEmail,
    values.submittingDvm,
    values.species,
    values.sex,
    values.specialty,
  ];
  return (
    basic.every((v) => v.trim() !== '') && Number(values.age) > 0 && hasSpecialistChoice(values) && values.termsAccepted
  );
}
