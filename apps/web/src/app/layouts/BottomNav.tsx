import { memo, type ReactNode } from 'react';
import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import './shell.css';

const stroke = {
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

const ICONS: Record<'race' | 'payment' | 'result' | 'transaction' | 'promos', ReactNode> = {
  race: (
    <path
      {...stroke}
      d="M6 21l1.2-6.3C7.5 10.5 9.5 7.2 12.8 5.7l.7-2.3 1.4 2.1c2.6.8 4.5 2.9 5.2 5.7l.6 2.5c.2 1-.8 1.7-1.7 1.4l-2.8-1.2c-1.2.6-1.9 1.8-1.8 3.1l.3 4"
    />
  ),
  payment: (
    <g {...stroke}>
      <rect x="3" y="6" width="18" height="13" rx="2" />
      <path d="M3 10h18M7 15h3" />
    </g>
  ),
  result: (
    <g {...stroke}>
      <path d="M8 4h8v5a4 4 0 0 1-8 0z" />
      <path d="M12 13v4M8 20h8M16 6h3v2a3 3 0 0 1-3 3M8 6H5v2a3 3 0 0 0 3 3" />
    </g>
  ),
  transaction: (
    <g {...stroke}>
      <path d="M6 3h12v18l-3-2-3 2-3-2-3 2z" />
      <path d="M9 8h6M9 12h6" />
    </g>
  ),
  promos: (
    <g {...stroke}>
      <rect x="3" y="8" width="18" height="13" rx="1.5" />
      <path d="M12 8v13M3 12h18M12 8c-1.5-3-6-3.5-6-1s4 1 6 1c2 0 6 1.5 6-1s-4.5-2-6 1" />
    </g>
  ),
};

const ITEMS = [
  { to: '/live', key: 'race' },
  { to: '/payment', key: 'payment' },
  { to: '/result', key: 'result' },
  { to: '/history', key: 'transaction' },
  { to: '/promo', key: 'promos' },
] as const;

/** The player's bottom navigation: Race, Payment, Result, Transaction, Promos (a side nav from 1024 px, shell.css). */
export const BottomNav = memo(function BottomNav() {
  const { t } = useTranslation();
  return (
    <nav className="bottom-nav" aria-label={t('player.bottomNav')}>
      <ul className="bottom-nav__list">
        {ITEMS.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} className="bottom-nav__link">
              <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
                {ICONS[item.key]}
              </svg>
              <span>{t(`player.${item.key}`)}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
});
