import { inflateSync } from 'node:zlib';

/**
 * The text a PDF made by pdfkit shows, for tests: each object's stream inflated, each embedded font's
 * ToUnicode map read, and the content streams' text operators (Tf to pick the font, Tj and TJ to show
 * glyph codes) turned back into characters. Enough for pdfkit's own output, not a PDF reader.
 */
export function pdfText(pdf: Buffer): string {
  const source = pdf.toString('latin1');
  const objects = new Map<number, { dict: string; stream: string | null }>();
  for (const match of source.matchAll(/(\d+) 0 obj\s*([\s\S]*?)endobj/g)) {
    const body = match[2] ?? '';
    const streamAt = body.indexOf('stream');
    if (streamAt < 0) {
      objects.set(Number(match[1]), { dict: body, stream: null });
      continue;
    }
    const dict = body.slice(0, streamAt);
    let start = streamAt + 'stream'.length;
    if (body[start] === '\r') start += 1;
    if (body[start] === '\n') start += 1;
    const raw = Buffer.from(body.slice(start, body.lastIndexOf('endstream')), 'latin1');
    let stream: string;
    try {
      stream = (dict.includes('/FlateDecode') ? inflateSync(raw) : raw).toString('latin1');
    } catch {
      stream = '';
    }
    objects.set(Number(match[1]), { dict, stream });
  }

  /** Glyph code (hex, upper case) to text, per font object. */
  const unicodeOf = (fontId: number): Map<string, string> => {
    const map = new Map<string, string>();
    const ref = /\/ToUnicode (\d+) 0 R/.exec(objects.get(fontId)?.dict ?? '')?.[1];
    const cmap = ref ? (objects.get(Number(ref))?.stream ?? '') : '';
    // A target may hold several characters (a ligature: <0066 006c> is "fl").
    const text = (hex: string) =>
      String.fromCodePoint(...(hex.replace(/\s/g, '').match(/.{4}/g) ?? []).map((h) => parseInt(h, 16)));
    // pdfkit writes bfrange entries with an array of targets: <first> <last> [<t1> <t2> ...].
    for (const range of cmap.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*\[([^\]]*)\]/g)) {
      const first = parseInt(range[1] ?? '0', 16);
      const width = (range[1] ?? '').length;
      [...(range[3] ?? '').matchAll(/<([0-9a-fA-F\s]+)>/g)].forEach((target, index) => {
        map.set((first + index).toString(16).toUpperCase().padStart(width, '0'), text(target[1] ?? ''));
      });
    }
    return map;
  };

  const pieces: string[] = [];
  for (const [, page] of objects) {
    if (!/\/Type \/Page\b/.test(page.dict)) continue;
    const fonts = new Map<string, Map<string, string>>();
    const resourcesRef = /\/Resources (\d+) 0 R/.exec(page.dict)?.[1];
    const resources = resourcesRef ? (objects.get(Number(resourcesRef))?.dict ?? '') : page.dict;
    const fontBlock = /\/Font\s*<<([\s\S]*?)>>/.exec(resources)?.[1] ?? '';
    for (const font of fontBlock.matchAll(/\/(\w+) (\d+) 0 R/g)) fonts.set(font[1] ?? '', unicodeOf(Number(font[2])));
    const contentIds = [
      ...(/(?:\/Contents\s*\[?)((?:\s*\d+ 0 R)+)/.exec(page.dict)?.[1]?.matchAll(/(\d+) 0 R/g) ?? []),
    ];
    for (const id of contentIds) {
      const content = objects.get(Number(id[1]))?.stream ?? '';
      let current = new Map<string, string>();
      for (const op of content.matchAll(/\/(\w+) [\d.]+ Tf|(\[[^\]]*\]) TJ|<([0-9a-fA-F]*)> Tj/g)) {
        if (op[1]) {
          current = fonts.get(op[1]) ?? new Map();
          continue;
        }
        const hexes = op[2] ? [...op[2].matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1] ?? '') : [op[3] ?? ''];
        let piece = '';
        for (const hex of hexes) {
          for (const code of hex.toUpperCase().match(/.{4}/g) ?? []) piece += current.get(code) ?? '\uFFFD';
        }
        pieces.push(piece);
      }
    }
  }
  return pieces.join('\n');
}
