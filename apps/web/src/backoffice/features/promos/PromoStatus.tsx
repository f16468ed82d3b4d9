import { useState } from 'react';
import { Link } from 'react-router';
import { UNLIMITED, type BackofficePromo } from '@karera/shared';
import { Alert, Button } from '../../../components/ui/index.ts';
import { errorText } from '../../lib/errors.ts';
import { useT, type BoT } from '../../i18n/useT.ts';
import { promoState } from './promoForm.ts';
import { useSetPromoActiveMutation } from './promos.api.ts';

/** A count of claims: 999 is Unlimited. */
export function countText(t: BoT, count: number): string {
  return count === UNLIMITED ? t('promos.unlimited') : String(count);
}

/** Active, paused, or waiting for a second admin to approve its going live (decision 045). */
export function ActiveBadge({ promo }: { promo: Pick<BackofficePromo, 'active' | 'awaitingApproval'> }) {
  const t = useT();
  const state = promoState(promo);
  const tone = { active: 'success', paused: 'danger', awaitingApproval: 'warning' }[state];
  const text = { active: t('promos.active'), paused: t('promos.paused'), awaitingApproval: t('promos.awaiting') }[
    state
  ];
  return (
    <span className={`bo-status bo-status--${tone}`} data-testid="promo-state">
      {text}
    </span>
  );
}

/** Why a promo waiting for a second admin cannot be claimed yet, and where it is approved. */
export function AwaitingApprovalNote({ promo }: { promo: BackofficePromo }) {
  const t = useT();
  if (promoState(promo) !== 'awaitingApproval') return null;
  return (
    <p className="bo-promo-awaiting" data-testid="promo-awaiting-approval">
      {t('promos.awaitingNote')} <Link to="/approvals">{t('promos.awaitingLink')}</Link>
    </p>
  );
}

/**
 * Pause or resume a promo, saying what happened (or why not) beside the button. A resume that needs a
 * second admin says so in the server's words; while one waits there is nothing to resume.
 */
export function PauseButton({ promo }: { promo: BackofficePromo }) {
  const t = useT();
  const setActive = useSetPromoActiveMutation();
  const [done, setDone] = useState<string | null>(null);
  const waiting = promoState(promo) === 'awaitingApproval';
  return (
    <div className="bo-promo-pause">
      {waiting ? null : (
        <Button
          size="sm"
          variant={promo.active ? 'secondary' : 'primary'}
          busy={setActive.isPending}
          aria-label={t(promo.active ? 'promos.pauseLabel' : 'promos.resumeLabel', { code: promo.promoCode })}
          onClick={() => {
            setDone(null);
            setActive.mutate(
              { id: promo.id, active: !promo.active },
              {
                onSuccess: ({ promo: next, approvalRequest, statusMessage }) =>
                  setDone(
                    approvalRequest
                      ? statusMessage
                      : t(next.active ? 'promos.resumedDone' : 'promos.pausedDone', { code: next.promoCode }),
                  ),
              },
            );
          }}
        >
          {promo.active ? t('promos.pause') : t('promos.resume')}
        </Button>
      )}
      <span role="status" className="bo-promo-pause__done">
        {done}
      </span>
      {setActive.isError ? <Alert tone="error">{errorText(t, setActive.error)}</Alert> : null}
    </div>
  );
}
