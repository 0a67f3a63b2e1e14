import type { CaseMessageFieldsFragment } from '../../../gql/graphql';

// POST /api/cases/{uuid}/messages (multipart: body, repeated files): a message with attachments, which
// GraphQL does not carry. XMLHttpRequest rather than fetch, because only it reports upload progress.

export class SendMessageError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'SendMessageError';
  }
}

interface RestMessage {
  id: number;
  body: string;
  createdAt: string;
  author: { id: number; name: string } | null;
  attachments: Array<{ id: number; originalName: string; fileType: string; fileSize: number; url: string }>;
}

/** The REST view as the thread's fragment. */
function asFragment(message: RestMessage): CaseMessageFieldsFragment {
  return {
    id: message.id,
    body: message.body,
    createdAt: message.createdAt,
    authorId: message.author?.id ?? null,
    author: message.author ? { id: message.author.id, name: message.author.name } : null,
    attachments: message.attachments.map((file) => ({
      id: file.id,
      originalName: file.originalName,
      fileType: file.fileType,
      fileSize: file.fileSize,
      url: file.url,
    })),
  };
}

export function sendMessageWithFiles(
  caseUuid: string,
  body: string,
  files: File[],
  onProgress: (fraction: number) => void,
): Promise<CaseMessageFieldsFragment> {
  const form = new FormData();
  form.set('body', body);
  for (const file of files) form.append('files', file, file.name);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/cases/${encodeURIComponent(caseUuid)}/messages`);
    xhr.withCredentials = true;
    xhr.responseType = 'json';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      const answer = xhr.response as (RestMessage & { message?: string }) | null;
      if (xhr.status === 201 && answer && typeof answer.id === 'number') {
        onProgress(1);
        resolve(asFragment(answer));
        return;
      }
      reject(new SendMessageError(answer?.message || 'Failed to send the message', xhr.status));
    };
    xhr.onerror = () => reject(new SendMessageError('Failed to send the message. Please check your connection.', 0));
    xhr.send(form);
  });
}
