import type { UseMutationOptions } from '@tanstack/react-query';

/**
 * What a feature's mutation hook lets the component that uses it add: what happens after the call
 * (the hook owns the call itself, in the feature's api/ folder).
 */
export type MutationCallbacks<TData, TVariables = void> = Pick<
  UseMutationOptions<TData, Error, TVariables>,
  'onSuccess' | 'onError' | 'onSettled'
>;
