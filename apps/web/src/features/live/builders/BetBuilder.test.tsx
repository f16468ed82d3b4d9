import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { betTypeByCode, type BetTypeDefinition } from '@karera/shared';
import { i18next } from '../../../i18n/index.ts';
import { chooseLanguage } from '../../../i18n/language.ts';
import { RunnerList } from '../RunnerList.tsx';
import { emptyPlaces } from '../slip.ts';
import { race, runner } from '../testRaces.ts';
import { BuilderPanel, type BuilderHookup } from './BetBuilder.tsx';
import { boxed, chooseBanker } from './builderPicks.ts';

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

  it('count a box and say when it passes the limit of combinations', () => {
    const nine = race(
      1,
      'O',
      ['1', '2', '3', '4', '5', '6', '7', '8', '9'].map((no) => runner(no)),
    );
    const panel = (code: string, count: number) => {
      const places = boxed(new Set(nine.runners.slice(0, count).map((r) => r.runnerNo)), type(code).selector);
      const hookup = { type: type(code), legs: places.map(() => nine), places, activePlace: 0, onChange: () => {} };
      return renderToStaticMarkup(
        <BuilderPanel
          hookup={hookup}
          runners={nine.runners}
          kinds={['standard', 'box', 'banker']}
          kind="box"
          bankerPlace={0}
          onKind={() => {}}
          onBankerPlace={() => {}}
        />,
      );
    };
    expect(panel('TRI', 4)).toContain('Combinations: 24');
    expect(panel('TRI', 4)).not.toContain('builder-limit');
    // 9 x 8 x 7 x 6 x 5 = 15,120: the slip would be refused.
    expect(panel('PENTA', 9)).toContain('Combinations: 15120');
    expect(panel('PENTA', 9)).toContain('Too many: a bet must have fewer than 2000 combinations.');
    expect(panel('PENTA', 9)).toContain('aria-pressed="true" data-testid="builder-field">Box all runners</button>');
  });

  it('show the banker chosen in its place', () => {
    const places = chooseBanker(emptyPlaces(type('TRI')), open.runners, 1, '2');
    const html = renderToStaticMarkup(
      <BuilderPanel
        hookup={{ type: type('TRI'), legs: [open, open, open], places, activePlace: 0, onChange: () => {} }}
        runners={open.runners}
        kinds={['standard', 'box', 'banker']}
        kind="banker"
        bankerPlace={1}
        onKind={() => {}}
        onBankerPlace={() => {}}
      />,
    );
    expect(html).toContain('Banker&#x27;s place');
    expect(html).toMatch(/value="1" checked=""|checked="" value="1"/);
    expect(html).toMatch(/<option value="2" selected="">2 Horse 2<\/option>/);
    // A scratched runner cannot be the banker.
    expect(html).not.toContain('3 Horse 3');
    expect(html).toContain('Combinations: 0');
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
