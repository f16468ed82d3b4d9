import { LegalArticle } from './LegalArticle.tsx';
import { privacyContent } from './content/privacy.ts';

export function PrivacyPage() {
  return <LegalArticle content={privacyContent} testId="privacy-page" />;
}
