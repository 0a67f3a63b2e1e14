import { DraftHttpError, type DraftView, draftRequest } from './draft-http';

/** GET /api/consults/drafts/{uuid}; null when it is not (or no longer) a draft of this user. */
export async function fetchDraft(uuid: string): Promise<DraftView | null> {
  try {
    return await draftRequest<DraftView>(`/api/consults/drafts/${encodeURIComponent(uuid)}`, 'GET');
  } catch (error) {
    if (error instanceof DraftHttpError && (error.status === 404 || error.status === 403 || error.status === 400)) {
      return null;
    }
    throw error;
  }
}
