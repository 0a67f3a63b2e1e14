import { execute, parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import type { Context } from '../src/context';
import type { Actor } from '../src/domain/actor';
import { schema } from '../src/graphql/schema';
import { DomainError } from '../src/lib/errors';

// The Case type's own read rule (graphql/types/case.ts authScopes, issue 21 item 5), the last line
// wherever a case is reached. Issue 17 moved it from every field to the case as a whole
// (runScopesOnType); here a list resolver is handed a case its reader may not read, as a service that
// forgot its filter would hand it, and the rule alone must keep the case out of the answer.

const vet: Actor = { id: 1, role: 'VETERINARIAN', approved: true, specialty: null, sessionId: null };

function row(vetId: number) {
  return {
    id: vetId * 10,
    uuid: `00000000-0000-4000-8000-00000000000${vetId}`,
    vetId,
    specialistId: null,
    status: 'pending',
    specialty: 'Cardiology',
    routing: 'named',
    originalCaseId: null,
    revisitNumber: 0,
    baseUuid: null,
    revisionNumber: 0,
    patientName: `Patient of vet ${vetId}`,
    familyLastName: 'Family',
    createdAt: new Date('2026-01-01T00:00:00Z'),
  };
}

/** myCases over a stub database that returns `rows` whatever the filter says. */
async function myCasesReturning(rows: unknown[]) {
  const context = {
    actor: vet,
    db: { case: { findMany: async () => rows } },
    services: { cases: { listArgs: () => ({}) } },
  } as unknown as Context;
  return execute({
    schema,
    document: parse('{ myCases { uuid patientName title } }'),
    contextValue: context,
  });
}

describe('the Case type answers only cases its reader may read', () => {
  it('a case of another veterinarian handed to the list is refused (FORBIDDEN), none of its fields answered', async () => {
    const result = await myCasesReturning([row(1), row(2)]);
    expect(result.data?.myCases ?? null).toBeNull();
    const original = result.errors?.[0]?.originalError;
    expect(original).toBeInstanceOf(DomainError);
    expect((original as DomainError).code).toBe('FORBIDDEN');
    expect(JSON.stringify(result)).not.toContain('Patient of vet 2');
  });

  it("the reader's own cases are answered", async () => {
    const result = await myCasesReturning([row(1)]);
    expect(result.errors).toBeUndefined();
    expect(result.data?.myCases).toEqual([
      { uuid: row(1).uuid, patientName: 'Patient of vet 1', title: expect.any(String) },
    ]);
  });
});
