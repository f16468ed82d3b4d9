import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import '../../i18n/index.ts';
import { RunnerList } from './RunnerList.tsx';
import { race, runner } from './testRaces.ts';

function numberBoxes(html: string): string[] {
  return [...html.matchAll(/<span class="runner__no"[^>]*>/g)].map((match) => match[0]);
}

describe('the runner list', () => {
  it('shows each number on its saddle cloth, coupled runners alike, and a scratched one greyed instead', () => {
    const open = race(1, 'O', [runner('1'), runner('1A'), runner('2'), runner('3', { status: 'S' })]);
    const html = renderToStaticMarkup(
      <RunnerList race={open} onSale selected={new Set()} onToggle={() => undefined} />,
    );
    const [one, coupled, two, scratched] = numberBoxes(html);
    expect(one).toContain('background:#d0021b;color:#ffffff');
    expect(coupled).toContain('background:#d0021b;color:#ffffff');
    expect(two).toContain('background:#ffffff;color:#000000');
    expect(scratched).not.toContain('style=');
  });
});
