import { LegalArticle } from './LegalArticle.tsx';
import { termsContent } from './content/terms.ts';

export function TermsPage() {
  return <LegalArticle content={termsContent} testId="terms-page" />;
}
