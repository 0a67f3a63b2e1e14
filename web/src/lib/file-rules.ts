import {
  ALLOWED_FILE_EXTENSIONS,
  fileTooLargeMessage,
  fileTypeNotAllowedMessage,
  MAX_FILES_PER_UPLOAD,
  tooManyFilesMessage,
} from '@vetconsult/schema/files';

// SPEC §5 "File uploader" and §9: at most 10 files, a per-file size limit and the accepted types.
// The server checks the bytes again; here the names and sizes are checked so the user learns early.
// Shared by every place that takes case files (the file uploader, the conversation composer).

export const ACCEPT_ATTRIBUTE = ALLOWED_FILE_EXTENSIONS.map((ext) => `.${ext}`).join(',');

const extensionOf = (name: string) => name.split('.').pop()?.toLowerCase() ?? '';

export interface FileIntake {
  accepted: File[];
  problems: string[];
}

/** Adds `incoming` to `current`: refused files are reported, files beyond the maximum are dropped. */
export function addFiles(current: File[], incoming: File[], maxBytes: number, maxFiles = MAX_FILES_PER_UPLOAD) {
  const problems: string[] = [];
  const accepted = [...current];
  let dropped = false;
  for (const file of incoming) {
    if (!(ALLOWED_FILE_EXTENSIONS as readonly string[]).includes(extensionOf(file.name))) {
      problems.push(fileTypeNotAllowedMessage(file.name));
      continue;
    }
    if (file.size > maxBytes) {
      problems.push(fileTooLargeMessage(file.name, maxBytes));
      continue;
    }
    if (accepted.some((f) => f.name === file.name && f.size === file.size && f.lastModified === file.lastModified)) {
      continue;
    }
    if (accepted.length >= maxFiles) {
      dropped = true;
      continue;
    }
    accepted.push(file);
  }
  if (dropped) problems.push(tooManyFilesMessage(maxFiles));
  return { accepted, problems } satisfies FileIntake;
}
