import type { FastifyRequest } from 'fastify';
import {
  fieldsOnly,
  type MultipartIntake,
  type MultipartPart,
  multipartLimits,
  readMultipart,
  type UploadLimits,
} from '../domain/cases/files';

// The body of a route that may carry files, in one shape: multipart (files to a temporary folder,
// checked) or JSON fields. The temporary files are removed once the handler is done.

export async function withIntake<T>(
  request: FastifyRequest,
  limits: UploadLimits,
  use: (body: MultipartIntake) => Promise<T>,
): Promise<T> {
  const body = request.isMultipart()
    ? await readMultipart(request.parts(multipartLimits(limits)) as AsyncIterable<MultipartPart>, limits)
    : fieldsOnly(request.body);
  try {
    return await use(body);
  } finally {
    await body.discard();
  }
}
