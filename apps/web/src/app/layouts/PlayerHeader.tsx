import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatPeso } from '@karera/shared';
import { Button, Logo } from '../../components/ui/index.ts';
import { displayNameOf, useSession } from '../../lib/session/index.ts';
import { useScrolled } from '../../lib/useScrolled.ts';
import { useLogout } from '../useLogout.ts';

/** The logged-in header: the player's name and credit balance from the stored login state. */
export function PlayerHeader() {
  const { t } = useTranslation();
  const session = useSession();
  const scrolled = useScrolled(10);
  const logout = useLogout();
  const name = displayNameOf(session) || t('player.name');
  const balance = session.creditBalance === null ? t('common.unknownAmount') : formatPeso(session.creditBalance);

  return (
    <header className="player-header" data-scrolled={scrolled ? 'true' : 'false'} data-testid="player-header">
      <div className="player-header__inner">
        <Link to="/" className="player-header__home" aria-label={t('header.homeLink')}>
          <Logo name={t('common.brand')} />
        </Link>
        <section className="player-header__account" aria-label={t('player.accountSummary')}>
          <span className="player-header__name" data-testid="player-name">
            {name}
          </span>
          <span className="player-header__balance">
            <span className="visually-hidden">{t('player.balance')}: </span>
            <span data-testid="player-balance">{balance}</span>
          </span>
        </section>
        <Button variant="ghost" size="sm" onClick={logout}>
          {t('player.signOut')}
        </Button>
      </div>
    </header>
  );
}
