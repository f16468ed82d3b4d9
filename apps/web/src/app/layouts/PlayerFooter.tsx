import { memo } from 'react';
import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Logo } from '../../components/ui/index.ts';

const LINKS = [
  { to: '/', key: 'home' },
  { to: '/live', key: 'race' },
  { to: '/payment', key: 'payment' },
  { to: '/history?type=transaction', key: 'transaction' },
  { to: '/promo', key: 'promo' },
  { to: '/account', key: 'account' },
] as const;

/**
 * The player screens' footer (docs/product/screens.md#header-and-navigation): Home, Race, Payment, Transaction, Promo,
 * Account.
 */
export const PlayerFooter = memo(function PlayerFooter() {
  const { t } = useTranslation();
  return (
    <footer className="site-footer player-footer">
      <div className="site-footer__inner">
        <Logo name={t('common.brand')} />
        <nav aria-label={t('player.footerNav')}>
          <ul className="site-footer__links">
            {LINKS.map((link) => (
              <li key={link.key}>
                <NavLink to={link.to} end>
                  {t(`player.footer.${link.key}`)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <p className="site-footer__responsible">
          <span className="age-badge" aria-hidden="true">
            21+
          </span>
          <span>{t('footer.responsible')}</span>
        </p>
        <p className="site-footer__copyright">{t('footer.copyright', { year: new Date().getFullYear() })}</p>
      </div>
    </footer>
  );
});
