import { useEffect, useRef, type ReactNode } from 'react';

let firstPageShown = false;

export interface PageProps {
  /** The one h1 of the page; omit it only when the page renders its own h1 (e.g. in a hero). */
  title?: ReactNode;
  children?: ReactNode;
  className?: string;
  /** Hide the h1 visually (still read by screen readers), e.g. when a hero shows the title. */
  titleHidden?: boolean;
  testId?: string;
}

/**
 * A routed screen: the <main> landmark with the page's one h1. After an in-app navigation focus
 * moves to the new page so screen-reader and keyboard users start at its top.
 */
export function Page({ title, children, className, titleHidden, testId }: PageProps) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    if (firstPageShown) ref.current?.focus({ preventScroll: true });
    firstPageShown = true;
  }, []);
  return (
    <main
      ref={ref}
      id="main"
      tabIndex={-1}
      className={['page', className ?? ''].filter(Boolean).join(' ')}
      data-testid={testId}
    >
      {title === undefined ? null : <h1 className={titleHidden ? 'visually-hidden' : 'page__title'}>{title}</h1>}
      {children}
    </main>
  );
}
