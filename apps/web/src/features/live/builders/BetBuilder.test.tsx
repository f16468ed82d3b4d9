import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { betTypeByCode, type BetTypeDefinition } from '@karera/shared';
import { i18next } from '../../../i18n/index.ts';
import { chooseLanguage } from '../../../i18n/language.ts';
import { RunnerList } from '../RunnerList.tsx';
import { emptyPlaces } from '../slip.ts';
import { race, runner } from '../testRaces.ts';
import type { BuilderHookup } from './BetBuilder.tsx';

function type(code: string): BetTypeDefinition {
  const found = betTypeByCode(code);
  if (!found) throw new Error(`no bet type ${code}`);
  return found;
}

const open = race(1, 'O', [runner('1'), runner('2'), runner('3', { status: 'S' })]);

function render(code: string, onSale = true, places = emptyPlaces(type(code))) {
  const hookup: BuilderHookup = {
    type: type(code),
    legs: places.map(() => open),
    places,
    activePlace: 0,
    onChange: () => undefined,
  };
  return renderToStaticMarkup(
    <RunnerList race={open} onSale={onSale} selected={new Set()} onToggle={() => undefined} builder={hookup} />,
  );
}

describe('the bet builders above the runner list', () => {
  it('offer picking by place, a box and a banker as one labelled radio group for a type of several places', () => {
    const html = render('TRI');
    expect(html).toContain('<legend class="bet-builder__legend">Build your bet</legend>');
    expect(html.match(/type="radio"/g)).toHaveLength(3);
    expect(html).toMatch(/checked="" value="standard"|value="standard" checked=""/);
    for (const name of ['By place', 'Box', 'Banker']) expect(html).toContain(`>${name}</span>`);
    expect(html).toContain('aria-pressed="false" data-testid="builder-field">All runners in 1st</button>');
  });

  it('offer only the field for Win and the multi-race types, and nothing while the pool is not on sale', () => {
    expect(render('W')).not.toContain('type="radio"');
    expect(render('W')).toContain('All runners in 1st');
    expect(render('DD')).toContain('All runners in Race 1');
    expect(render('TRI', false)).not.toContain('bet-builder');
  });

  it('read the field as pressed once every runner that can run is picked in the place', () => {
    const places = [new Set(['1', '2']), new Set<string>(), new Set<string>()];
    expect(render('TRI', true, places)).toContain('aria-pressed="true" data-testid="builder-field"');
  });

  it('speak Filipino on the Filipino site', async () => {
    await chooseLanguage('fil');
    try {
      const html = render('FC');
      expect(html).toContain('Buuin ang taya');
      expect(html).toContain('Kada puwesto');
      expect(html).toContain('Lahat ng kabayo sa 1st');
    } finally {
      await i18next.changeLanguage('en');
    }
  });
});
