/**
 * The OTP entry's six single-digit boxes (docs/product/accounts.md#one-time-codes: digits only, paste accepted). Pure
 * state changes; OtpInput.tsx applies them and moves focus to `focus`.
 */
export interface OtpChange {
  digits: string[];
  focus: number;
}

export function emptyDigits(length: number): string[] {
  return Array.from({ length }, () => '');
}

function onlyDigits(text: string): string {
  return text.replace(/\D/g, '');
}

function fillFrom(digits: readonly string[], start: number, typed: string): OtpChange {
  const next = [...digits];
  let at = start;
  for (const digit of typed) {
    if (at >= next.length) break;
    next[at] = digit;
    at += 1;
  }
  return { digits: next, focus: Math.min(at, next.length - 1) };
}

/**
 * A box's new text after typing. One new digit replaces the box's digit and moves on; several (an
 * autofilled code) fill this box and the ones after it; anything else empties the box and stays.
 */
export function typeInto(digits: readonly string[], index: number, text: string): OtpChange {
  const typed = onlyDigits(text);
  const previous = digits[index] ?? '';
  if (typed === '') {
    const next = [...digits];
    next[index] = '';
    return { digits: next, focus: index };
  }
  if (typed.length === 2 && previous !== '' && typed.includes(previous)) {
    // The box held a digit and one more was typed before or after it: keep the new one.
    const added = typed[0] === previous ? typed.slice(1) : typed.slice(0, 1);
    return fillFrom(digits, index, added);
  }
  return fillFrom(digits, index, typed);
}

/** Pasting a whole code fills every box; a shorter paste fills from the box it landed in. */
export function pasteInto(digits: readonly string[], index: number, text: string): OtpChange {
  const typed = onlyDigits(text);
  if (typed === '') return { digits: [...digits], focus: index };
  return fillFrom(digits, typed.length >= digits.length ? 0 : index, typed);
}

/** Backspace in an empty box empties the one before it and goes there. */
export function backspaceIn(digits: readonly string[], index: number): OtpChange {
  const next = [...digits];
  if (next[index] !== '') {
    next[index] = '';
    return { digits: next, focus: index };
  }
  if (index === 0) return { digits: next, focus: 0 };
  next[index - 1] = '';
  return { digits: next, focus: index - 1 };
}
