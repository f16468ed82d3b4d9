import { useCallback, useRef } from 'react';
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';

/**
 * A mutation that cannot run twice at once: a second submit while the first is in flight is dropped
 * (a ref, so two taps in the same frame count too). `submit` is what forms call.
 */
export function useSubmitOnce<TData, TVariables>(options: UseMutationOptions<TData, Error, TVariables>) {
  const inFlight = useRef(false);
  const { onSettled } = options;
  const mutation = useMutation<TData, Error, TVariables>({
    ...options,
    onSettled: (...args) => {
      inFlight.current = false;
      return onSettled?.(...args);
    },
  });
  const { mutate } = mutation;
  const submit = useCallback(
    (variables: TVariables) => {
      if (inFlight.current) return;
      inFlight.current = true;
      mutate(variables);
    },
    [mutate],
  );
  return { ...mutation, submit };
}
