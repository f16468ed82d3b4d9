/**
 * Money is an integer number of centavos everywhere. Pesos exist only at the edges:
 * parsed from what a person types, formatted for what a person reads.
 */
declare const centavosBrand: unique symbol;
export type Centavos = number & { readonly [centavosBrand]: true };

export const MAX_CENTAVOS = Number.MAX_SAFE_INTEGER;

export function centavos(value: number): Centavos {
  if (!Number.isSafeInteger(value)) {
    throw new RangeError(`Not a whole number of centavos: ${value}`);
  }
  return value as Centavos;
}

/** Whole pesos to centavos, e.g. a bet-type minimum of 2 pesos. */
export function pesos(value: number): Centavos {
  return centavos(Math.round(value * 100));
}

const PESO_INPUT = /^(-)?(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/;

/**
 * Parses a typed peso amount ("1,234.5", "50", "-20.00") into centavos without floating point.
 * Returns null for anything that is not a plain amount with at most two decimals.
 */
export function parsePesos(input: string): Centavos | null {
  const match = PESO_INPUT.exec(input.trim().replace(/^(-?)\s*₱\s*/, '$1'));
  if (!match) return null;
  const [, sign, whole = '0', fraction = ''] = match;
  const digits = whole.replaceAll(',', '') + fraction.padEnd(2, '0');
  const value = Number(digits);
  if (!Number.isSafeInteger(value)) return null;
  return centavos(sign ? -value : value);
}

/**
 * A whole number of pesos with a comma between each group of three digits, as en-PH writes it
 * ('1,234,567'), without Intl.NumberFormat: building one costs a phone a noticeable moment.
 */
function groupThousands(whole: number): string {
  return String(whole).replace(/\B(?=(\d{3})+$)/g, ',');
}

/** ₱1,234.50; negative amounts as -₱1,234.50. */
export function formatPeso(amount: Centavos | number): string {
  const value = centavos(amount);
  const abs = Math.abs(value);
  const whole = Math.trunc(abs / 100);
  const cents = abs % 100;
  // Format the whole part and the cents separately so no float division reaches the output.
  const text = `${groupThousands(whole)}.${String(cents).padStart(2, '0')}`;
  return `${value < 0 ? '-' : ''}₱${text}`;
}
