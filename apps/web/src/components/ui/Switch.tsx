export interface SwitchProps {
  checked: boolean;
  /** The accessible name, e.g. 'Use bonus balance for bets'. */
  label: string;
  /** The short visible text beside the track. */
  text: string;
  onToggle(): void;
  testId?: string;
}

/** An on/off switch (role switch) with the design system's track and thumb. */
export function Switch({ checked, label, text, onToggle, testId }: SwitchProps) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      className="switch"
      onClick={onToggle}
      data-testid={testId}
    >
      <span className="switch__track" aria-hidden="true">
        <span className="switch__thumb" />
      </span>
      <span className="switch__text">{text}</span>
    </button>
  );
}
