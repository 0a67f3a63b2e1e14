// The one place the web client talks to the server outside GraphQL: files. Uploads are multipart
// requests to the REST paths of SPEC §7 (the server reads the text fields before the file streams and
// refuses an oversized upload before reading it, and XMLHttpRequest reports upload progress), and
// downloads are authenticated binary reads. Every other call goes through Apollo (lib/apollo-client.ts).
// One error type for all of them: the status and the server's `{ message }`, when it sent one.

export class FileTransferError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** The server's own words (its `{ message }`), or null when it sent none or was not reached. */
    readonly serverMessage: string | null,
  ) {
    super(message);
    this.name = 'FileTransferError';
  }
}

async function serverMessageOf(response: Response): Promise<string | null> {
  try {
    const body = (await response.json()) as { message?: unknown };
    return typeof body.message === 'string' && body.message ? body.message : null;
  } catch {
    return null;
  }
}

async function send(path: string, init: RequestInit, fallback: string): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(path, { credentials: 'include', ...init });
  } catch {
    throw new FileTransferError(fallback, 0, null);
  }
  if (!response.ok) {
    const serverMessage = await serverMessageOf(response);
    throw new FileTransferError(serverMessage ?? fallback, response.status, serverMessage);
  }
  return response;
}

/**
 * Sends a multipart form (text fields first, files last) and answers with the parsed JSON body.
 * `fallback` is what the error says when the server gave no message (or could not be reached).
 */
export async function sendForm<T = unknown>(method: 'POST' | 'PUT', path: string, form: FormData, fallback: string) {
  const response = await send(path, { method, body: form }, fallback);
  return (await response.json().catch(() => null)) as T | null;
}

/** Sends a multipart form with XMLHttpRequest, which (unlike fetch) reports upload progress. */
export function sendFormWithProgress<T = unknown>(
  path: string,
  form: FormData,
  onProgress: (fraction: number) => void,
  fallback: string,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.withCredentials = true;
    xhr.responseType = 'json';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      const body = xhr.response as unknown;
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve(body as T);
        return;
      }
      const message = (body as { message?: unknown } | null)?.message;
      const serverMessage = typeof message === 'string' && message ? message : null;
      reject(new FileTransferError(serverMessage ?? fallback, xhr.status, serverMessage));
    };
    xhr.onerror = () => reject(new FileTransferError(`${fallback}. Please check your connection.`, 0, null));
    xhr.send(form);
  });
}

/** Reads a stored file with the session cookie. */
export async function readFile(url: string, fallback = 'The file could not be downloaded'): Promise<Blob> {
  return (await send(url, {}, fallback)).blob();
}

/** Saves a stored file under its original name. */
export async function downloadFile(url: string, originalName: string): Promise<void> {
  const objectUrl = URL.createObjectURL(await readFile(url));
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = originalName;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(objectUrl), 1000);
}
