import { graphql } from '../../../gql/gql';
import type { ConsultInput, DraftFieldsFragment } from '../../../gql/graphql';
import { apolloClient } from '../../../lib/apollo-client';
import { serverErrorCode, serverErrorDetails, serverErrorMessage } from '../../../lib/graphql-errors';

// SPEC §3 "Draft server response" and §7 drafts (the GraphQL twins of /api/consults/drafts): what the
// draft sync reads and writes. Refusals are GraphQL errors; their code says which.

graphql(`
  fragment DraftFields on Case {
    id
    uuid
    status
    version
    createdAt
    updatedAt
    specialty
    species
    patientName
    familyLastName
    contactEmail
    submittingDvm
    dateOfBirth
    sex
    breed
    spayNeuterStatus
    age
    ageUnit
    clinicalSigns
    questions
    specialistId
    routing
    termsAccepted
    specialistResponses
    nutritionComplex
    urgency
  }
`);

/** A draft as the server holds it: the form fields under their names, plus uuid and version. */
export type Draft = DraftFieldsFragment;

const draftQuery = graphql(`
  query ConsultDraft($uuid: String!) {
    draft(uuid: $uuid) {
      ...DraftFields
    }
  }
`);

const draftsQuery = graphql(`
  query ConsultDrafts {
    drafts {
      ...DraftFields
    }
  }
`);

const saveDraftMutation = graphql(`
  mutation SaveConsultDraft($input: ConsultInput!, $uuid: String, $version: Int) {
    saveDraft(input: $input, uuid: $uuid, version: $version) {
      ...DraftFields
    }
  }
`);

const deleteDraftMutation = graphql(`
  mutation DeleteConsultDraft($uuid: String!) {
    deleteDraft(uuid: $uuid)
  }
`);

const startPaymentMutation = graphql(`
  mutation StartConsultPayment($uuid: String!) {
    startPayment(uuid: $uuid) {
      id
      uuid
      status
      version
    }
  }
`);

/** The draft, or null when it is not (or no longer) a draft of this user. */
export async function fetchDraft(uuid: string): Promise<Draft | null> {
  try {
    const { data } = await apolloClient.query({ query: draftQuery, variables: { uuid }, fetchPolicy: 'network-only' });
    return data?.draft ?? null;
  } catch (error) {
    const code = serverErrorCode(error);
    if (code === 'NOT_FOUND' || code === 'FORBIDDEN' || code === 'BAD_USER_INPUT') return null;
    throw error;
  }
}

/** The user's drafts, most recently saved first. */
export async function fetchDrafts(): Promise<Draft[]> {
  const { data } = await apolloClient.query({ query: draftsQuery, fetchPolicy: 'network-only' });
  return data?.drafts ?? [];
}

export type SaveDraftResult =
  | { kind: 'saved'; draft: Draft }
  | { kind: 'conflict'; serverVersion: number; conflictFields: string[]; serverData: Draft | null }
  | { kind: 'invalid'; message: string }
  | { kind: 'missing' }
  | { kind: 'failed'; message: string };

/**
 * Creates the draft (no uuid yet) or saves over the version the form is based on. A network failure
 * throws (the caller saves locally); the server's refusals are answered as results: a conflict (with
 * the server's copy, read again so it is typed like every draft), invalid input, a draft gone.
 */
export async function saveDraft(
  uuid: string | null,
  version: number | null,
  input: ConsultInput,
): Promise<SaveDraftResult> {
  try {
    const { data } = await apolloClient.mutate({
      mutation: saveDraftMutation,
      variables: uuid ? { input, uuid, version: version ?? 1 } : { input },
    });
    if (!data) return { kind: 'failed', message: 'Failed to save draft' };
    return { kind: 'saved', draft: data.saveDraft };
  } catch (error) {
    const code = serverErrorCode(error);
    if (!code) throw error;
    const details = serverErrorDetails(error);
    if (code === 'CONFLICT' && uuid) {
      const serverVersion = typeof details.serverVersion === 'number' ? details.serverVersion : (version ?? 1);
      const conflictFields = Array.isArray(details.conflictFields) ? details.conflictFields.map(String) : [];
      const serverData = await fetchDraft(uuid).catch(() => null);
      return { kind: 'conflict', serverVersion, conflictFields, serverData };
    }
    if (code === 'BAD_USER_INPUT') return { kind: 'invalid', message: serverErrorMessage(error) ?? '' };
    if (code === 'NOT_FOUND') return { kind: 'missing' };
    return { kind: 'failed', message: serverErrorMessage(error) || 'Failed to save draft' };
  }
}

/** Deletes a draft; one that is already gone counts as deleted. */
export async function deleteDraft(uuid: string): Promise<void> {
  try {
    await apolloClient.mutate({ mutation: deleteDraftMutation, variables: { uuid } });
  } catch (error) {
    if (serverErrorCode(error) === 'NOT_FOUND') return;
    throw error;
  }
}

/** The draft becomes a case awaiting payment. */
export async function startPayment(uuid: string) {
  const { data } = await apolloClient.mutate({ mutation: startPaymentMutation, variables: { uuid } });
  if (!data) throw new Error('Failed to start payment');
  return data.startPayment;
}
