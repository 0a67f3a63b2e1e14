import { useMutation } from '@apollo/client/react';
import { useCallback, useState } from 'react';
import { graphql } from '../../../gql/gql';
import { sendForm } from '../../../lib/file-transfer';

// SPEC §7, older view: the report travels as a summary file (POST /api/cases/{id}/files, multipart
// 'files', category 'summary'), then the case is completed (completeCase, the GraphQL twin of
// POST /api/cases/{id}/complete).

export const REPORT_ACCEPT = '.pdf,.doc,.docx,.txt';

const completeCaseMutation = graphql(`
  mutation CompleteCase($uuid: String!) {
    completeCase(uuid: $uuid) {
      id
      status
      reviewedAt
    }
  }
`);

export function useUploadReport() {
  const [uploading, setUploading] = useState<string | null>(null);
  const [complete] = useMutation(completeCaseMutation);
  const upload = useCallback(
    async (uuid: string, file: File) => {
      setUploading(uuid);
      try {
        const form = new FormData();
        form.set('category', 'summary');
        form.append('files', file, file.name);
        await sendForm('POST', `/api/cases/${encodeURIComponent(uuid)}/files`, form, 'Failed to upload report');
        await complete({ variables: { uuid } });
      } finally {
        setUploading(null);
      }
    },
    [complete],
  );
  return { upload, uploading };
}
