import { useMutation } from '@apollo/client/react';
import type { NewConsultInput } from '@vetconsult/schema/consult';
import { graphql } from '../../../gql/gql';

// The final submission once payment succeeded (SPEC §7 "final submit"): the consult's fields, the case
// and the payment. Diagnostic files are already stored on the case (uploaded when attached).

const submitConsultMutation = graphql(`
  mutation SubmitConsult($input: ConsultInput!, $caseId: String, $paymentIntentId: String, $couponCode: String) {
    submitConsult(input: $input, caseId: $caseId, paymentIntentId: $paymentIntentId, couponCode: $couponCode) {
      id
      uuid
      status
    }
  }
`);

export interface ConsultSubmission {
  consult: NewConsultInput;
  /** uuid of the case created from the draft. */
  caseId: string | null;
  paymentIntentId: string | null;
  couponCode: string | null;
}

export function useSubmitConsult() {
  const [mutate] = useMutation(submitConsultMutation);
  return async ({ consult, caseId, paymentIntentId, couponCode }: ConsultSubmission): Promise<{ uuid: string }> => {
    const result = await mutate({
      variables: {
        input: {
          specialty: consult.specialty,
          species: consult.species,
          patientName: consult.patientName,
          familyLastName: consult.familyLastName,
          contactEmail: consult.contactEmail,
          submittingDvm: consult.submittingDvm,
          dateOfBirth: consult.dateOfBirth || undefined,
          sex: consult.sex,
          breed: consult.breed || undefined,
          spayNeuterStatus: consult.spayNeuterStatus || undefined,
          age: consult.age,
          ageUnit: consult.ageUnit,
          clinicalSigns: consult.clinicalSigns,
          questions: consult.questions,
          specificSpecialistId: consult.firstAvailable ? undefined : consult.specificSpecialistId,
          firstAvailable: consult.firstAvailable === true,
          termsAccepted: true,
          nutritionComplex: consult.nutritionComplex ?? false,
          urgency: consult.urgency ?? 'routine',
          specialistResponses: consult.specialistResponses?.map((r) => ({
            questionId: r.questionId ?? undefined,
            questionText: r.questionText ?? undefined,
            answer: r.answer,
          })),
        },
        caseId,
        paymentIntentId,
        couponCode,
      },
    });
    const uuid = result.data?.submitConsult.uuid;
    if (!uuid) throw new Error('Failed to submit consult');
    return { uuid };
  };
}
