import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import '../../../i18n/index.ts';
import { race } from '../testRaces.ts';
import { RaceClockBand } from './RaceClock.tsx';

const inTwoMinutes = () => new Date(Date.now() + 125_000).toISOString();
// The Filipino texts settle in a task after the page's chunk has loaded.
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the race clock band', () => {
  it('shows an open race its post time and a calm countdown', async () => {
    await settled();
    const html = renderToStaticMarkup(<RaceClockBand race={race(3, 'O', [], { startDateTime: inTwoMinutes() })} />);
    expect(html).toContain('Race 3');
    expect(html).toMatch(/Post \d{1,2}:\d{2} [AP]M/);
    expect(html).toMatch(/Starts in<\/span> <span role="timer" class="race-clock__countdown" [^>]*>2:0[45]</);
    expect(html).not.toContain('data-last-call');
  });

  it('leads with the blinking last call and blinks the countdown at last call', async () => {
    await settled();
    const html = renderToStaticMarkup(<RaceClockBand race={race(3, 'L', [], { startDateTime: inTwoMinutes() })} />);
    expect(html).toContain('data-last-call="true"');
    expect(html).toMatch(/class="race-clock__race race-clock__last-call blink" data-testid="race-notice">Last call</);
    expect(html).toContain('class="race-clock__countdown blink"');
  });

  it('says a race still on sale past its post time is starting, and shows nothing for a race not on sale', async () => {
    await settled();
    const past = new Date(Date.now() - 60_000).toISOString();
    expect(renderToStaticMarkup(<RaceClockBand race={race(3, 'O', [], { startDateTime: past })} />)).toContain(
      'Starting now',
    );
    expect(renderToStaticMarkup(<RaceClockBand race={race(3, 'A', [], { startDateTime: past })} />)).toBe('');
    expect(renderToStaticMarkup(<RaceClockBand race={race(3, 'C', [], { startDateTime: past })} />)).toBe('');
  });
});
