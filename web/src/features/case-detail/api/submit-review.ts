import { useCallback, useState } from 'react';
import { sendForm } from '../../../lib/file-transfer';

// SPEC §7 POST /api/cases/{uuid}/review: multipart {summary, specialistId, files*}. Attachments only
// travel over REST multipart, so the review goes there (the GraphQL submitReview takes no files).

export interface ReviewSubmission {
  uuid: string;
  summary: string;
  specialistId: number;
  files: File[];
}

async function postReview({ uuid, summary, specialistId, files }: ReviewSubmission): Promise<void> {
  const form = new FormData();
  form.set('summary', summary);
  form.set('specialistId', String(specialistId));
  for (const file of files) form.append('files', file, file.name);
  await sendForm('POST', `/api/cases/${encodeURIComponent(uuid)}/review`, form, 'Failed to submit review');
}

export function useSubmitReview() {
  const [loading, setLoading] = useState(false);
  const submit = useCallback(async (input: ReviewSubmission) => {
    setLoading(true);
    try {
      await postReview(input);
    } finally {
      setLoading(false);
    }
  }, []);
  return { submit, loading };
}
