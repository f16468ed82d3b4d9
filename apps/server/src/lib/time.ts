/** All stored times are UTC ISO strings of one width, so text order is time order. */
export const nowIso = (): string => new Date().toISOString();

export const isoAfter = (ms: number, from: Date = new Date()): string => new Date(from.getTime() + ms).toISOString();
