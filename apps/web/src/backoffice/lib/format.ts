import { formatPeso } from '@karera/shared';

export { formatManilaDateTime } from '@karera/shared';

/** A signed amount: '+₱50.00' or '-₱50.00'. */
export function formatSignedPeso(amount: number): string {
  return amount > 0 ? `+${formatPeso(amount)}` : formatPeso(amount);
}

/** An object as one short line of JSON, for tables. */
export function compactJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    return String(value);
  }
}

/** A positive page number from the address bar; anything else is page 1. */
export function pageFromParam(value: string | null): number {
  const page = Number(value);
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}
