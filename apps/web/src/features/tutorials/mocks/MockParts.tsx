import { useId, type ReactNode } from 'react';

/*
 * Pieces every mock uses, with the design system's classes so the mock looks like its screen: the tabs
 * of components/ui/Tabs (static: a mock never switches tab) and a popup drawn in the page flow where the
 * real screen opens its modal dialog (a modal would take the focus from the tour).
 */

export interface MockTab {
  id: string;
  label: string;
  /** The data-tour name of the tab, when a step highlights it. */
  target?: string;
}

export function MockTabs({
  label,
  tabs,
  selected,
  children,
}: {
  label: string;
  tabs: readonly MockTab[];
  selected: string;
  children: ReactNode;
}) {
  const baseId = useId();
  return (
    <div className="tabs">
      <div role="tablist" aria-label={label} className="tabs__list">
        {tabs.map((tab) => (
          <button
            key={tab.id}
            type="button"
            role="tab"
            id={`${baseId}-${tab.id}`}
            aria-selected={tab.id === selected}
            tabIndex={tab.id === selected ? 0 : -1}
            className="tabs__tab"
            data-tour={tab.target}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" aria-labelledby={`${baseId}-${selected}`} className="tabs__panel">
        {children}
      </div>
    </div>
  );
}

/** A dialog's panel (title, body, actions) as the real popup shows it, in the flow of the mock. */
export function MockPopup({
  title,
  target,
  sheet,
  actions,
  children,
}: {
  title: string;
  target: string;
  /** The promo page's bottom sheet rather than a centred popup. */
  sheet?: boolean;
  actions: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className={`tour-popup${sheet ? ' tour-popup--sheet' : ''}`} data-tour={target} data-testid="tour-popup">
      <div className="dialog__panel">
        <div className="dialog__head">
          <h3 className="dialog__title">{title}</h3>
        </div>
        <div className="dialog__body">{children}</div>
        <div className="dialog__actions">{actions}</div>
      </div>
    </div>
  );
}
