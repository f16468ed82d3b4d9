import { useRef, useState } from 'react';
import { allowedTransitions, type Race, type RaceStatus } from '@karera/shared';
import { Alert, Button, Dialog, type ButtonProps } from '../../../components/ui/index.ts';
import { errorText } from '../../lib/errors.ts';
import { useT } from '../../i18n/useT.ts';
import { useRaceStatusMutation } from './raceday.api.ts';

type TargetStatus = Exclude<RaceStatus, 'A'>;

const VARIANT: Record<TargetStatus, NonNullable<ButtonProps['variant']>> = {
  O: 'primary',
  L: 'accent',
  C: 'primary',
  D: 'primary',
  X: 'danger',
};

/**
 * The moves the race may make from its status (allowedTransitions), one button each. Cancelling asks
 * first: it voids and refunds every bet. One change at a time; the buttons wait for the fresh race.
 */
export function RaceStatusControls({ race }: { race: Race }) {
  const t = useT();
  const change = useRaceStatusMutation(race.raceId);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const statusRef = useRef<HTMLParagraphElement>(null);
  // Done is reached by entering the result (Results page), never by a bare status change.
  const targets = allowedTransitions(race.status).filter(
    (status): status is TargetStatus => status !== 'A' && status !== 'D',
  );

  function move(status: TargetStatus) {
    if (change.isPending) return;
    setDone(null);
    change.mutate(status, {
      onSuccess: (answer) => {
        setConfirmCancel(false);
        setDone(
          t('statusControls.changed', {
            raceNo: answer.race.raceNo,
            status: t(`raceStatus.${answer.race.status}`),
          }),
        );
        // The pressed button is usually gone now: keep keyboard focus in the card.
        requestAnimationFrame(() => {
          const active = document.activeElement;
          if (!active || active === document.body || !active.isConnected) statusRef.current?.focus();
        });
      },
      onError: () => setConfirmCancel(false),
    });
  }

  const pending = change.isPending ? change.variables : null;

  return (
    <div className="bo-status-controls" role="group" aria-label={t('statusControls.label', { raceNo: race.raceNo })}>
      {targets.length === 0 ? (
        <p className="bo-muted bo-status-controls__final">{t('statusControls.final')}</p>
      ) : (
        <div className="bo-actions bo-status-controls__buttons">
          {targets.map((status) => (
            <Button
              key={status}
              variant={VARIANT[status]}
              size="sm"
              busy={pending === status}
              disabled={change.isPending}
              onClick={() => (status === 'X' ? setConfirmCancel(true) : move(status))}
            >
              {t(`raceAction.${status}`)}
            </Button>
          ))}
        </div>
      )}
      <p ref={statusRef} className="bo-status-controls__done" role="status" tabIndex={-1}>
        {done}
      </p>
      {change.isError ? <Alert tone="error">{errorText(t, change.error)}</Alert> : null}
      <Dialog
        open={confirmCancel}
        onClose={() => {
          if (!change.isPending) setConfirmCancel(false);
        }}
        title={t('statusControls.cancelTitle', { raceNo: race.raceNo })}
        closeLabel={t('common.close')}
        actions={
          <>
            <Button variant="danger" busy={pending === 'X'} onClick={() => move('X')}>
              {t('statusControls.cancelConfirm')}
            </Button>
            <Button
              variant="secondary"
              data-autofocus
              disabled={pending === 'X'}
              onClick={() => setConfirmCancel(false)}
            >
              {t('statusControls.cancelKeep')}
            </Button>
          </>
        }
      >
        <p>{t('statusControls.cancelBody')}</p>
      </Dialog>
    </div>
  );
}
