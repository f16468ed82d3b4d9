import { useState } from 'react';
import { UNLIMITED, type BackofficePromo } from '@karera/shared';
import { Alert, Button } from '../../../components/ui/index.ts';
import { errorText } from '../../lib/errors.ts';
import { useT, type BoT } from '../../i18n/useT.ts';
import { useSetPromoActiveMutation } from './promos.api.ts';

/** A count of claims: 999 is Unlimited. */
export function countText(t: BoT, count: number): string {
  return count === UNLIMITED ? t('promos.unlimited') : String(count);
}

export function ActiveBadge({ active }: { active: boolean }) {
  const t = useT();
  return (
    <span className={`bo-status bo-status--${active ? 'success' : 'danger'}`}>
      {active ? t('promos.active') : t('promos.paused')}
    </span>
  );
}

/** Pause or resume a promo, saying what happened (or why not) beside the button. */
export function PauseButton({ promo }: { promo: BackofficePromo }) {
  const t = useT();
  const setActive = useSetPromoActiveMutation();
  const [done, setDone] = useState<string | null>(null);
  return (
    <div className="bo-promo-pause">
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
              onSuccess: ({ promo: next }) =>
                setDone(t(next.active ? 'promos.resumedDone' : 'promos.pausedDone', { code: next.promoCode })),
            },
          );
        }}
      >
        {promo.active ? t('promos.pause') : t('promos.resume')}
      </Button>
      <span role="status" className="bo-promo-pause__done">
        {done}
      </span>
      {setActive.isError ? <Alert tone="error">{errorText(t, setActive.error)}</Alert> : null}
    </div>
  );
}
