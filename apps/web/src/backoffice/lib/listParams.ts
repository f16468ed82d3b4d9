import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import type { ListSortDirection } from '@karera/shared';

/** A query value that must be one of a few words; anything else reads as absent. */
export function choiceOf<T extends string>(value: string | null, allowed: readonly T[]): T | undefined {
  return allowed.find((choice) => choice === value);
}

/** A YYYY-MM-DD day from the address, or undefined. */
export function dayOf(value: string | null): string | undefined {
  return value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined;
}

/** A positive id from the address, or undefined. */
export function idOf(value: string | null): number | undefined {
  return value && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : undefined;
}

export interface TableSort {
  key: string;
  dir: ListSortDirection;
}

/**
 * A list's filters and order kept in the address (Back and a shared link show the same list). Any change
 * goes back to page 1: page 3 of another order is a different slice.
 */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const update = useCallback(
    (changes: Record<string, string | null | undefined>) => {
      setParams((current) => {
        const next = new URLSearchParams(current);
        for (const [name, value] of Object.entries(changes)) {
          if (value) next.set(name, value);
          else next.delete(name);
        }
        next.delete('page');
        return next;
      });
    },
    [setParams],
  );
  return { params, update };
}
