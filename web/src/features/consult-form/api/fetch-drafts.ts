import { type DraftView, draftRequest } from './draft-http';

/** GET /api/consults/drafts: the user's drafts, most recently saved first. */
export function fetchDrafts(): Promise<DraftView[]> {
  return draftRequest<DraftView[]>('/api/consults/drafts', 'GET');
}
