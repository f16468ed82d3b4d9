/** The Karera mark (a horse head) with the word mark; `name` is the brand as the reader should hear it. */
export function Logo({ name, size = 'md' }: { name: string; size?: 'md' | 'lg' }) {
  return (
    <span className={`logo logo--${size}`}>
      <svg className="logo__mark" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill="var(--color-accent)" />
        <path
          d="M9 27l1.6-8.4C11 13 13.6 8.6 18 6.6l.9-3.1 1.9 2.8c3.4 1 6 3.9 6.9 7.6l.8 3.4c.3 1.3-1 2.3-2.2 1.8l-3.8-1.6c-1.6.8-2.5 2.4-2.4 4.2l.4 5.3z"
          fill="var(--color-brand)"
        />
        <circle cx="21.6" cy="10.6" r="1.2" fill="var(--color-accent)" />
      </svg>
      <span className="logo__word">{name}</span>
    </span>
  );
}
