import SchemaBuilder from '@pothos/core';
import ErrorsPlugin from '@pothos/plugin-errors';
import PrismaPlugin from '@pothos/plugin-prisma';
import ScopeAuthPlugin from '@pothos/plugin-scope-auth';
import ValidationPlugin from '@pothos/plugin-validation';
import type { Context } from '../context';
import type PrismaTypes from '../generated/pothos-types';
import { getDatamodel } from '../generated/pothos-types';
import { DomainError, forbidden, unauthenticated, ValidationError } from '../lib/errors';
import { toFieldIssues } from '../lib/validation';

// The one builder. It defines no types: each graphql/types/<domain>.ts adds its own.

/**
 * Every root field names a scope. A field that calls a service names only `public` or `authenticated`:
 * the service checks the role (domain/actor.ts requireRole) and answers in the use case's own words, the
 * same as over REST (docs/architecture.md rule 2). The role scopes are for subscriptions, which have no
 * REST twin (realtime.rules.ts then filters their events).
 */
export interface AuthScopes {
  /** Explicitly public: every root field must name a scope, this one included. */
  public: boolean;
  authenticated: boolean;
  veterinarian: boolean;
  specialist: boolean;
  approvedSpecialist: boolean;
  admin: boolean;
}

export const builder = new SchemaBuilder<{
  Context: Context;
  PrismaTypes: PrismaTypes;
  AuthScopes: AuthScopes;
  DefaultFieldNullability: false;
  Scalars: {
    DateTime: { Input: Date; Output: Date };
    JSON: { Input: unknown; Output: unknown };
  };
}>({
  defaultFieldNullability: false,
  plugins: [ScopeAuthPlugin, ErrorsPlugin, PrismaPlugin, ValidationPlugin],
  scopeAuth: {
    authorizeOnSubscribe: true,
    authScopes: (ctx) => ({
      public: true,
      authenticated: ctx.actor !== null,
      veterinarian: ctx.actor?.role === 'VETERINARIAN',
      specialist: ctx.actor?.role === 'SPECIALIST',
      approvedSpecialist: ctx.actor?.role === 'SPECIALIST' && ctx.actor.approved,
      admin: ctx.actor?.role === 'ADMIN',
    }),
    // The same errors (and words) the domain throws: a refusal here reads like the service's.
    unauthorizedError: (_parent, context) => (context.actor ? forbidden() : unauthenticated()),
  },
  errors: { defaultTypes: [] },
  prisma: {
    client: (ctx) => ctx.db,
    dmmf: getDatamodel(),
    exposeDescriptions: false,
    filterConnectionTotalCount: true,
    onUnusedQuery: process.env.NODE_ENV === 'production' ? null : 'warn',
  },
  validation: {
    validationError: (result) => new ValidationError(toFieldIssues(result.issues)),
  },
});

builder.scalarType('DateTime', {
  serialize: (value) => value.toISOString(),
  parseValue: (value) => {
    const date = new Date(String(value));
    if (Number.isNaN(date.getTime())) throw new DomainError('BAD_USER_INPUT', 'Invalid date');
    return date;
  },
});

builder.scalarType('JSON', {
  serialize: (value) => value,
  parseValue: (value) => value,
});

builder.queryType({});
builder.mutationType({});
builder.subscriptionType({});

/**
 * The answer of a `prismaField` that has no row to load (`me` signed out, a conversation without an
 * original case): null. Spreading the plan is what tells Pothos' development check (`onUnusedQuery`)
 * that the resolver saw it; without it every such answer logged "Prisma query was unused".
 */
export function noRowToLoad(query: object): null {
  void { ...query };
  return null;
}
