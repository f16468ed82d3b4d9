import { NavLink } from 'react-router';
import { useT } from '../../i18n/useT.ts';

/** Links between the tote screens that are not about one race. */
export function ToteSections() {
  const t = useT();
  return (
    <nav className="bo-tote-sections" aria-label={t('tote.sectionsLabel')}>
      <NavLink to="/tote/settings" className="bo-tote-sections__link">
        {t('tote.settingsTitle')}
      </NavLink>
      <NavLink to="/tote/carryovers" className="bo-tote-sections__link">
        {t('tote.carryoversTitle')}
      </NavLink>
    </nav>
  );
}
