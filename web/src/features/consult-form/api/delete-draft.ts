import { DraftHttpError, draftRequest } from './draft-http';

/** DELETE /api/consults/drafts/{uuid}; a draft that is already gone counts as deleted. */
export async function deleteDraft(uuid: string): Promise<void> {
  try {
    await draftRequest(`/api/consults/drafts/${encodeURIComponent(uuid)}`, 'DELETE');
  } catch (error) {
    if (error instanceof DraftHttpError && error.status === 404) return;
    throw error;
  }
}
