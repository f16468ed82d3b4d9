/** Texts as a language's bundle nests them. */
export type Texts = { readonly [key: string]: string | Texts };

/** Every text of a bundle by its dotted key (for comparing one language's bundle with another's). */
export function leavesOf(texts: Texts, prefix = ''): Map<string, string> {
  const leaves = new Map<string, string>();
  for (const [key, value] of Object.entries(texts)) {
    if (typeof value === 'string') leaves.set(`${prefix}${key}`, value);
    else for (const [path, text] of leavesOf(value, `${prefix}${key}.`)) leaves.set(path, text);
  }
  return leaves;
}

/** The {{variables}} a text names, sorted (a translation names the same ones). */
export function variablesOf(text: string): string[] {
  return [...text.matchAll(/\{\{\s*([^},\s]+)[^}]*\}\}/g)].map((match) => match[1] ?? '').sort();
}
