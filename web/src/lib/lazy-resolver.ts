import type { FieldValues, Resolver } from 'react-hook-form';

// A react-hook-form resolver whose code (zod and the form's shared schema, docs/architecture.md rule 3)
// is a separate chunk: a page can show its form before that chunk arrives. The first validation waits for
// it; a failed download is tried again on the next validation.

/** A resolver that loads the real one (e.g. `zodResolver(schema)` in a lazily imported module) on first use. */
export function lazyResolver<TFieldValues extends FieldValues, TContext, TTransformedValues>(
  load: () => Promise<Resolver<TFieldValues, TContext, TTransformedValues>>,
): Resolver<TFieldValues, TContext, TTransformedValues> {
  let loading: Promise<Resolver<TFieldValues, TContext, TTransformedValues>> | undefined;
  return async (values, context, options) => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    const resolver = await loading;
    return resolver(values, context, options);
  };
}
