import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A tab kept in the query string (?type=...), read with one of the shared parsers (paymentTabOf,
 * historyTabOf, promoTabOf). Selecting a tab replaces the history entry and keeps other params.
 */
export function useQueryTab<T extends string>(parse: (value: string | null) => T): [T, (tab: T) => void] {
  const [params, setParams] = useSearchParams();
  const selected = parse(params.get('type'));
  const select = useCallback(
    (tab: T) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set('type', tab);
          return next;
        },
        { replace: true, preventScrollReset: true },
      );
    },
    [setParams],
  );
  return [selected, select];
}
