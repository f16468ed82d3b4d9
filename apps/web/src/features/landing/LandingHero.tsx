import type { ReactNode } from 'react';
import { RacetrackHorseIcon } from './FeatureIcons.tsx';

export interface LandingHeroTexts {
  eyebrow: string;
  title: string;
  text: string;
}

/**
 * The landing's hero: its heading is the page's largest paint. The page draws it, and so does index.html
 * before any script has run (staticLanding.tsx, prerendered at build time from this same component), so
 * the two are the same markup and the swap to the page's does not move anything.
 */
export function LandingHero({ texts, cta }: { texts: LandingHeroTexts; cta: ReactNode }) {
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="hero__inner">
        <p className="hero__eyebrow">{texts.eyebrow}</p>
        <h1 id="hero-title" className="hero__title">
          {texts.title}
        </h1>
        <p className="hero__text">{texts.text}</p>
        <div className="hero__cta">{cta}</div>
        <div className="hero__art" aria-hidden="true">
          <RacetrackHorseIcon />
        </div>
      </div>
    </section>
  );
}
