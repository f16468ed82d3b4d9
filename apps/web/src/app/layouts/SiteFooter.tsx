import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Logo } from '../../components/ui/Logo.tsx';
import { useReferralHref } from '../../lib/useReferralHref.ts';

const LINKS = [
  { to: '/aboutus', key: 'aboutUs' },
  { to: '/termsandconditions', key: 'terms' },
  { to: '/privacypolicy', key: 'privacy' },
  { to: '/Contacts', key: 'contactUs' },
] as const;

export function SiteFooter() {
  const { t } = useTranslation();
  const href = useReferralHref();
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <Logo name={t('common.brand')} />
        <ul className="site-footer__links" aria-label={t('footer.links')}>
          {LINKS.map((link) => (
            <li key={link.to}>
              <Link to={href(link.to)}>{t(`footer.${link.key}`)}</Link>
            </li>
          ))}
        </ul>
        <p className="site-footer__responsible" data-testid="responsible-gaming">
          <span className="age-badge" aria-hidden="true">
            21+
          </span>
          <span>{t('footer.responsible')}</span>
        </p>
        <p className="site-footer__copyright">{t('footer.copyright', { year: new Date().getFullYear() })}</p>
      </div>
    </footer>
  );
}
