import type { DocumentNode, GraphQLSchema } from 'graphql';

// The operations a socket sends are few distinct texts sent many times: the web app's four
// subscriptions, by every socket of every user. Yoga caches a text's parse and validation, but asking
// it goes through an envelope made for the operation (envelop runs each plugin's parse and validate
// hooks, copies the validation rules and joins their names into the cache's key): ~8 KB of garbage and
// a fifth of the allocations of a reconnect storm (bench:realtime --alloc-prof). A text that passed
// parse and validation once (graphql-armor's limits and our rules included: none depends on who sends
// it) is looked up here instead, and its operation runs without an envelope unless it needs one.

/** A text that parsed and validated without errors. */
export interface ValidDocument {
  document: DocumentNode;
  schema: GraphQLSchema;
  /** Stands for the text in keys (the shared executions'): the same text, the same id while remembered. */
  id: number;
}

/** The most recently used `limit` valid texts (a text with errors is never remembered: it is refused again each time). */
export function createValidDocuments(limit = 500) {
  const byText = new Map<string, ValidDocument>();
  let nextId = 1;
  return {
    get(text: string): ValidDocument | undefined {
      const known = byText.get(text);
      if (known) {
        // Most recently used last: the first entry is the one to forget.
        byText.delete(text);
        byText.set(text, known);
      }
      return known;
    },
    remember(text: string, document: DocumentNode, schema: GraphQLSchema): ValidDocument {
      const valid = { document, schema, id: nextId++ };
      byText.set(text, valid);
      if (byText.size > limit) byText.delete(byText.keys().next().value as string);
      return valid;
    },
    get size() {
      return byText.size;
    },
  };
}

export type ValidDocuments = ReturnType<typeof createValidDocuments>;
