import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useT } from '../i18n/useT.ts';

/**
 * The page's one h1. It names the browser tab and, after an in-app navigation (not on first load),
 * takes focus so screen-reader and keyboard users land on the new page's content.
 */
export function PageHeading({ title, children }: { title: string; children?: ReactNode }) {
  const t = useT();
  const ref = useRef<HTMLHeadingElement>(null);
  const { key } = useLocation();
  // Decided once, on mount: a later change of query string (search, page) must not move focus.
  const [focusOnMount] = useState(key !== 'default');

  useEffect(() => {
    document.title = t('app.documentTitle', { page: title });
  }, [t, title]);

  useEffect(() => {
    if (focusOnMount) ref.current?.focus();
  }, [focusOnMount]);

  return (
    <div className="bo-page-heading">
      <h1 ref={ref} tabIndex={-1}>
        {title}
      </h1>
      {children}
    </div>
  );
}
