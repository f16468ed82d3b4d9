/** Texts of a race's clock on the live screen: its post time and the countdown to it (Filipino below). */
export const clockTexts = {
  label: 'Race {{raceNo}} post time and countdown',
  post: 'Post {{time}}',
  startsIn: 'Starts in',
  due: 'Starting now',
} as const;

type Shape<T> = { readonly [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

/** The same in Filipino. */
export const clockTextsFil: Shape<typeof clockTexts> = {
  label: 'Oras ng simula at countdown ng Karera {{raceNo}}',
  post: 'Simula {{time}}',
  startsIn: 'Magsisimula sa',
  due: 'Magsisimula na',
};
