import { DraftHttpError, type DraftView, draftRequest } from './draft-http';

export type SaveDraftResult =
  | { kind: 'saved'; draft: DraftView }
  | { kind: 'conflict'; serverVersion: number; conflictFields: string[]; serverData: DraftView | null }
  | { kind: 'invalid'; message: string }
  | { kind: 'missing' }
  | { kind: 'failed'; message: string };

/**
 * POST /api/consults/drafts (no uuid yet) or PUT /api/consults/drafts/{uuid} with the version the
 * form is based on. A network failure throws (the caller saves locally); the server's refusals are
 * answered as results: 409 conflict, 400 validation errors, 404 gone.
 */
export async function saveDraft(
  uuid: string | null,
  version: number | null,
  fields: Record<string, unknown>,
): Promise<SaveDraftResult> {
  try {
    const draft = uuid
      ? await draftRequest<DraftView>(`/api/consults/drafts/${encodeURIComponent(uuid)}`, 'PUT', {
          ...fields,
          version: version ?? 1,
        })
      : await draftRequest<DraftView>('/api/consults/drafts', 'POST', fields);
    return { kind: 'saved', draft };
  } catch (error) {
    if (!(error instanceof DraftHttpError)) throw error;
    const body = error.body as DraftHttpError['body'] & {
      serverVersion?: number;
      conflictFields?: string[];
      serverData?: DraftView;
    };
    if (error.status === 409) {
      return {
        kind: 'conflict',
        serverVersion: body.serverVersion ?? version ?? 1,
        conflictFields: body.conflictFields ?? [],
        serverData: body.serverData ?? null,
      };
    }
    if (error.status === 400) return { kind: 'invalid', message: body.errors?.[0]?.message ?? body.message ?? '' };
    if (error.status === 404) return { kind: 'missing' };
    return { kind: 'failed', message: body.message || 'Failed to save draft' };
  }
}
