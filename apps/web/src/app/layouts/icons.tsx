/** Small line icons of the player shell (decorative: the controls carry their own names). */
const stroke = {
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

export function RefreshIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path {...stroke} d="M20 11a8 8 0 1 0-2.3 5.7M20 4v7h-7" />
    </svg>
  );
}

export function AccountIcon() {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <g {...stroke}>
        <circle cx="12" cy="8" r="4" />
        <path d="M4 21c.8-4 4-6 8-6s7.2 2 8 6" />
      </g>
    </svg>
  );
}

export function ChevronIcon() {
  return (
    <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
      <path {...stroke} d="M6 9l6 6 6-6" />
    </svg>
  );
}
