/** The four Key Features icons, drawn inline so the landing page needs no image requests. */
const common = {
  viewBox: '0 0 64 64',
  width: 56,
  height: 56,
  'aria-hidden': true,
  focusable: false,
} as const;
const line = { fill: 'none', stroke: 'currentColor', strokeWidth: 3, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;

/** A certificate with a seal and ribbon: safe and secure. */
export function SafetyCertificateIcon() {
  return (
    <svg {...common}>
      <rect x="8" y="8" width="40" height="32" rx="3" {...line} />
      <path d="M15 17h26M15 24h18M15 31h10" {...line} />
      <circle cx="44" cy="40" r="9" fill="var(--color-accent)" stroke="currentColor" strokeWidth="3" />
      <path d="M40 40l3 3 5-6" {...line} />
      <path d="M39 48l-2 10 7-4 7 4-2-10" {...line} />
    </svg>
  );
}

/** A phone with a play button: made for mobile. */
export function MobileIcon() {
  return (
    <svg {...common}>
      <rect x="18" y="4" width="28" height="56" rx="5" {...line} />
      <path d="M28 10h8M30 53h4" {...line} />
      <path d="M28 24v16l13-8z" fill="var(--color-accent)" stroke="currentColor" strokeWidth="3" strokeLinejoin="round" />
    </svg>
  );
}

/** A banknote with a speed mark: fast cash. */
export function FastCashIcon() {
  return (
    <svg {...common}>
      <rect x="14" y="18" width="44" height="28" rx="3" {...line} />
      <circle cx="36" cy="32" r="7" fill="var(--color-accent)" stroke="currentColor" strokeWidth="3" />
      <path d="M20 24v0M52 40v0" {...line} strokeWidth="5" />
      <path d="M4 24h6M2 32h8M4 40h6" {...line} />
    </svg>
  );
}

/** A running horse over the track rail: racetrack action. */
export function RacetrackHorseIcon() {
  return (
    <svg {...common}>
      <path
        d="M10 36c3-6 8-9 15-9h12l6-8c1-2 3-3 5-2l6 3c1 .6 1.2 2 .3 2.8L51 26l-3 1-1 8 5 9M25 27l-6 9-7 3M33 35l-4 9M41 35l3 10"
        {...line}
      />
      <path d="M10 36c-2 1-4 1-6 0" {...line} />
      <circle cx="49" cy="21" r="1.2" fill="currentColor" />
      <path d="M2 54h60M8 54v-5M24 54v-5M40 54v-5M56 54v-5M2 49h60" stroke="var(--color-accent)" strokeWidth="3" fill="none" />
    </svg>
  );
}
