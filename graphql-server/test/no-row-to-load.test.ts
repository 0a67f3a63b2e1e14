import { execute, parse } from 'graphql';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Context } from '../src/context';
import { schema } from '../src/graphql/schema';

// A `prismaField` that has nothing to load answers null through `noRowToLoad` (graphql/builder.ts), so
// Pothos' development check stays for real mistakes (a resolver that forgets to spread its plan): `me`
// signed out and a conversation's original case and latest revisit used to log "Prisma query was unused"
// hundreds of times in a browser-suite run.

afterEach(() => vi.restoreAllMocks());

async function run(document: string, context: Partial<Context>) {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  const result = await execute({ schema, document: parse(document), contextValue: { request: {}, ...context } });
  return { result, warnings: warn.mock.calls.map((call) => String(call[0])) };
}

describe('a prismaField with no row to load', () => {
  it('me, signed out: null, and no unused-plan warning', async () => {
    const { result, warnings } = await run('{ me { id name } }', { actor: null });
    expect(result).toEqual({ data: { me: null } });
    expect(warnings).toEqual([]);
  });

  it('a conversation with no original case and no revisit: null for both, and no unused-plan warning', async () => {
    const conversation = {
      caseUuid: '5b8f3f0e-7a0c-4f0e-9a43-0d0e3c6b9a11',
      state: 'open',
      writable: true,
      note: null,
      originalCase: null,
      latestRevisit: null,
    };
    const { result, warnings } = await run(
      `{ caseConversation(caseUuid: "${conversation.caseUuid}") { state originalCase { uuid } latestRevisit { uuid } } }`,
      {
        actor: { id: 1, role: 'VETERINARIAN', approved: true, specialty: null, sessionId: 's' },
        services: { messages: { conversation: async () => conversation } },
      } as unknown as Partial<Context>,
    );
    expect(result).toEqual({ data: { caseConversation: { state: 'open', originalCase: null, latestRevisit: null } } });
    expect(warnings).toEqual([]);
  });
});
