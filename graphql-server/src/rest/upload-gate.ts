import type { FastifyRequest } from 'fastify';
import type { UploadGate, UploadTarget } from '../domain/cases/upload-gate';

// A preHandler for multipart routes: it runs after the session is read and before the handler streams
// the body, so a caller who may not upload gets 401/403/404 with the body unread (the error handler
// then closes the connection instead of draining it). JSON bodies are small and already parsed; their
// rules are the services'.

export function beforeUpload(gate: UploadGate, target: (request: FastifyRequest) => UploadTarget) {
  return async (request: FastifyRequest) => {
    if (request.isMultipart()) await gate.authorize(request.actor, target(request));
  };
}
