/**
 * The shape of a translation of an English text resource: the same keys, nested the same way, every
 * leaf a string. `fil satisfies Translation<typeof en>` makes a missing or an extra key a compile error.
 */
export type Translation<T> = { readonly [K in keyof T]: T[K] extends string ? string : Translation<T[K]> };
