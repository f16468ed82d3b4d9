import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { pageFromParam } from './format.ts';

const SEARCH_DEBOUNCE_MS = 400;

const trimmed = (text: string) => text.trim();

/**
 * A list's search text and page, kept in the address (q and page) so Back and a shared link show the
 * same list. Typing applies the search after a short pause; submitting applies it at once. A new
 * search goes back to page 1. `normalize` turns what was typed into the search sent (trimmed at
 * least); pass a module-level function, not a new one per render.
 */
export function useUrlSearch(normalize: (text: string) => string = trimmed) {
  const [params, setParams] = useSearchParams();
  const q = normalize(params.get('q') ?? '');
  const page = pageFromParam(params.get('page'));
  const [draft, setDraft] = useState(q);
  const [shownQ, setShownQ] = useState(q);
  if (q !== shownQ) {
    // The address changed under us (Back, a link): show its search, unless it is what is being typed.
    setShownQ(q);
    if (normalize(draft) !== q) setDraft(q);
  }

  const applySearch = useCallback(
    (text: string) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (text) next.set('q', text);
          else next.delete('q');
          next.delete('page');
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  useEffect(() => {
    const text = normalize(draft);
    if (text === q) return;
    const timer = window.setTimeout(() => applySearch(text), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [draft, q, applySearch, normalize]);

  const submit = useCallback(
    (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      applySearch(normalize(draft));
    },
    [applySearch, normalize, draft],
  );

  const goToPage = useCallback(
    (next: number) => {
      setParams((current) => {
        const updated = new URLSearchParams(current);
        if (next > 1) updated.set('page', String(next));
        else updated.delete('page');
        return updated;
      });
    },
    [setParams],
  );

  return { q, page, draft, setDraft, submit, goToPage };
}
