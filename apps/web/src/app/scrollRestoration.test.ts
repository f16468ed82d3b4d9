import { describe, expect, it } from 'vitest';
import { scrollTargetOf } from './scrollRestoration.ts';

const at = (pathname: string, hash = '', key = 'k2') => ({ pathname, hash, key });

describe('scroll after a navigation', () => {
  it('a new page starts at its top', () => {
    expect(scrollTargetOf('PUSH', at('/live'), '/', new Map())).toEqual({ kind: 'top' });
    expect(scrollTargetOf('REPLACE', at('/'), '/live', new Map())).toEqual({ kind: 'top' });
  });

  it('a push on the same page (another race in ?raceId=) also starts at the top', () => {
    expect(scrollTargetOf('PUSH', at('/result'), '/result', new Map())).toEqual({ kind: 'top' });
  });

  it('replacing the address on the same page (a tab, stripped login-link parameters) keeps the scroll', () => {
    expect(scrollTargetOf('REPLACE', at('/payment'), '/payment', new Map())).toBeNull();
    expect(scrollTargetOf('REPLACE', at('/Contacts'), '/contacts', new Map())).toBeNull();
  });

  it('a link to an anchor scrolls to it', () => {
    expect(scrollTargetOf('PUSH', at('/betrules', '#win'), '/', new Map())).toEqual({ kind: 'anchor', id: 'win' });
    expect(scrollTargetOf('PUSH', at('/x', '#a%20b'), '/', new Map())).toEqual({ kind: 'anchor', id: 'a b' });
  });

  it('Back and Forward return to the kept position, else leave the browser where it is', () => {
    expect(scrollTargetOf('POP', at('/', '', 'k1'), '/live', new Map([['k1', 640]]))).toEqual({
      kind: 'restore',
      y: 640,
    });
    expect(scrollTargetOf('POP', at('/', '#main', 'k9'), '/', new Map([['k1', 640]]))).toBeNull();
  });
});
