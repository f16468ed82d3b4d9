import { describe, expect, it } from 'vitest';
import { CARD_IMPORT_COLUMNS, checkCardImport, parseCsv } from './formAdmin.ts';

const HEADER = CARD_IMPORT_COLUMNS.join(',');

describe('parseCsv', () => {
  it('reads quoted values with commas, doubled quotes and line breaks, CRLF lines and a BOM', () => {
    const { records, errors } = parseCsv('\uFEFFa,"b, c","say ""hi"""\r\n"two\nlines",x,\r\n\r\nlast,,');
    expect(errors).toEqual([]);
    expect(records).toEqual([
      { line: 1, fields: ['a', 'b, c', 'say "hi"'] },
      // A value spanning two lines: the record starts on line 2, the next one on line 5 after a blank line.
      { line: 2, fields: ['two\nlines', 'x', ''] },
      { line: 5, fields: ['last', '', ''] },
    ]);
  });

  it('names the line of a stray quote and of a quote never closed', () => {
    expect(parseCsv('ok,1\nbad "x",2\nfine,3\n"open,4\nmore').errors).toEqual([
      { line: 2, message: expect.stringContaining('does not start with one') },
      { line: 4, message: expect.stringContaining('never closed') },
    ]);
  });
});

describe('checkCardImport', () => {
  const card = (runner: string, horse: string, extra: Partial<Record<string, string>> = {}) =>
    CARD_IMPORT_COLUMNS.map(
      (column) =>
        extra[column] ??
        {
          type: 'card',
          date: '2026-12-05',
          track: 'Santa Ana Park',
          race: '1',
          post_time: '13:00',
          distance_m: '1200',
          runner,
          horse,
          jockey: 'J. Cruz',
        }[column as string] ??
        '',
    ).join(',');

  it('answers the rows of a clean file, with weights in tenths and margins in hundredths', () => {
    const form = card('4', 'Bagyo', {
      type: 'form',
      date: '2026-11-01',
      post_time: '',
      weight_kg: '54.5',
      finish: '2',
      margin: '1.25',
      equipment: 'b+tt',
    });
    const check = checkCardImport([HEADER, card('1', 'Bagyo'), card('1A', 'Kidlat'), form].join('\n'));
    expect(check.ok).toBe(true);
    if (!check.ok) return;
    expect(check.rows[2]).toMatchObject({
      type: 'form',
      outcome: 'finished',
      position: 2,
      weightKgTenths: 545,
      marginHundredths: 125,
      equipment: ['B', 'TT'],
    });
  });

  it('refuses what rows of one race or one card must agree on, by line', () => {
    const check = checkCardImport(
      [
        HEADER,
        card('1', 'Bagyo'),
        card('1', 'Kidlat', { post_time: '13:30' }),
        card('2', 'bagyo'),
        card('3', 'Habagat', { date: '2026-12-06', race: '2' }),
        card('4', 'Bituin', { type: 'form', date: '2026-12-05', post_time: '', finish: '1', race: '3' }),
      ].join('\n'),
    );
    expect(check).toEqual({
      ok: false,
      errors: [
        { line: 3, message: 'post_time differs from line 2 for race 1 at Santa Ana Park on 2026-12-05.' },
        { line: 3, message: 'Runner 1 is already on line 2 for race 1 at Santa Ana Park on 2026-12-05.' },
        { line: 4, message: 'bagyo is already on line 2 for race 1 at Santa Ana Park on 2026-12-05.' },
        { line: 5, message: expect.stringContaining("one race day's card") },
        { line: 6, message: "A past run must be before the card's day, 2026-12-05." },
      ],
    });
  });
});
