import { LegalArticle } from './LegalArticle.tsx';
import { aboutContent } from './content/about.ts';

export function AboutPage() {
  return <LegalArticle content={aboutContent} testId="about-page" />;
}
