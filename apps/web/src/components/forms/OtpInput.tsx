import { useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import { backspaceIn, pasteInto, typeInto, type OtpChange } from './otpDigits.ts';

export interface OtpInputProps {
  digits: readonly string[];
  onChange: (digits: string[]) => void;
  /** Name of the group, e.g. 'OTP'. */
  label: string;
  /** Name of one box, e.g. 'Digit 3'. */
  digitLabel: (position: number) => string;
  invalid?: boolean;
  describedBy?: string | undefined;
  disabled?: boolean;
}

/**
 * Six single-digit boxes: digits only, typing moves on, backspace goes back, a pasted code fills
 * every box. The first box is where the dialog puts focus, and offers the SMS code to autofill.
 */
export function OtpInput({ digits, onChange, label, digitLabel, invalid, describedBy, disabled }: OtpInputProps) {
  const boxes = useRef<(HTMLInputElement | null)[]>([]);

  function apply(change: OtpChange) {
    onChange(change.digits);
    const box = boxes.current[change.focus];
    if (box && box !== document.activeElement) box.focus();
    box?.select();
  }

  function onKeyDown(index: number, event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Backspace') {
      event.preventDefault();
      apply(backspaceIn(digits, index));
    } else if (event.key === 'ArrowLeft' && index > 0) {
      event.preventDefault();
      apply({ digits: [...digits], focus: index - 1 });
    } else if (event.key === 'ArrowRight' && index < digits.length - 1) {
      event.preventDefault();
      apply({ digits: [...digits], focus: index + 1 });
    } else if (/^[0-9]$/.test(event.key) && digits[index] === event.key) {
      // Typing over a box with the same digit changes nothing the input would report: move on all the same,
      // or retyping a code over a wrong one (000000, then 001192) would pile its digits into one box.
      event.preventDefault();
      apply(typeInto(digits, index, event.key));
    }
  }

  function onPaste(index: number, event: ClipboardEvent<HTMLInputElement>) {
    event.preventDefault();
    apply(pasteInto(digits, index, event.clipboardData.getData('text')));
  }

  return (
    <div role="group" aria-label={label} aria-describedby={describedBy} className="otp-input" data-testid="otp-input">
      {digits.map((digit, index) => (
        <input
          // The boxes never reorder; the position is their identity.
          key={index}
          ref={(node) => {
            boxes.current[index] = node;
          }}
          className="otp-input__box"
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          aria-label={digitLabel(index + 1)}
          aria-invalid={invalid || undefined}
          value={digit}
          disabled={disabled}
          data-autofocus={index === 0 ? true : undefined}
          onFocus={(event) => event.currentTarget.select()}
          onChange={(event) => apply(typeInto(digits, index, event.currentTarget.value))}
          onKeyDown={(event) => onKeyDown(index, event)}
          onPaste={(event) => onPaste(index, event)}
        />
      ))}
    </div>
  );
}
