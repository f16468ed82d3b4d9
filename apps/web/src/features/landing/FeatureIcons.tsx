/** The four Key Features icons, drawn inline so the landing page needs no image requests. */
const common = {
  viewBox: '0 0 64 64',
  width: 56,
  height: 56,
  'aria-hidden': true,
  focusable: false,
} as const;
const line = {
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 3,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

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
      <path
        d="M28 24v16l13-8z"
        fill="var(--color-accent)"
        stroke="currentColor"
        strokeWidth="3"
        strokeLinejoin="round"
      />
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

/** A galloping horse over the track rail: racetrack action. */
export function RacetrackHorseIcon() {
  const leg = {
    fill: 'none',
    stroke: 'currentColor',
    strokeWidth: 3.2,
    strokeLinecap: 'round',
    strokeLinejoin: 'round',
  } as const;
  return (
    <svg {...common}>
      <g fill="currentColor">
        <ellipse cx="30" cy="31" rx="13" ry="6.5" />
        <path d="M37 27.5L45.5 13.5l5.5 2.2L45 32z" />
        <path d="M45 13l7-3.2 7 7.2c.9 1.2.2 3.2-1.4 3L50 18.5z" />
        <path d="M46.5 11.8l1.6-4.6 2.4 3.6z" />
      </g>
      <path d="M40 35l6.5 5.5 7-1" {...leg} />
      <path d="M37 36.5l4 7.5 6 3.5" {...leg} />
      <path d="M21.5 34l-7 5.5-6.5-.5" {...leg} />
      <path d="M24 36l-3.5 7.5-5.5 4" {...leg} />
      <path d="M18 28.5c-5-1.5-9 .5-12 5" {...leg} />
      <path
        d="M2 56h60M2 51h60M8 56v-5M24 56v-5M40 56v-5M56 56v-5"
        stroke="var(--color-accent)"
        strokeWidth="2.5"
        fill="none"
      />
    </svg>
  );
}
