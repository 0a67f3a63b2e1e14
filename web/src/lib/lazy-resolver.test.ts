import type { Resolver, ResolverResult } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { lazyResolver } from './lazy-resolver';

type Values = { name: string };
const options = { fields: {}, shouldUseNativeValidation: false } as Parameters<Resolver<Values>>[2];

describe('lazyResolver', () => {
  it('loads the real resolver once, on first use, and answers with it', async () => {
    const real = vi.fn<Resolver<Values>>(async (values): Promise<ResolverResult<Values>> => {
      if (values.name) return { values, errors: {} };
      return { values: {}, errors: { name: { type: 'too_small', message: 'Required' } } };
    });
    const load = vi.fn(async () => real);
    const resolver = lazyResolver(load);
    expect(load).not.toHaveBeenCalled();
    expect(await resolver({ name: '' }, undefined, options)).toMatchObject({
      errors: { name: { message: 'Required' } },
    });
    expect(await resolver({ name: 'Rex' }, undefined, options)).toEqual({ values: { name: 'Rex' }, errors: {} });
    expect(load).toHaveBeenCalledTimes(1);
    expect(real).toHaveBeenCalledTimes(2);
  });

  it('tries the download again after it failed', async () => {
    const real: Resolver<Values> = async (values) => ({ values, errors: {} });
    const load = vi.fn<() => Promise<Resolver<Values>>>().mockRejectedValueOnce(new Error('offline'));
    load.mockResolvedValue(real);
    const resolver = lazyResolver(load);
    await expect(resolver({ name: 'Rex' }, undefined, options)).rejects.toThrow('offline');
    expect(await resolver({ name: 'Rex' }, undefined, options)).toEqual({ values: { name: 'Rex' }, errors: {} });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
