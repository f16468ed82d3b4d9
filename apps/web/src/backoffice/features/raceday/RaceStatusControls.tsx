import { useRef, useState } from 'react';
import { allowedTransitions, type Race, type RaceStatus } from '@karera/shared';
import { Alert, Button, Dialog, type ButtonProps } from '../../../components/ui/index.ts';
import { errorText } from '../../lib/errors.ts';
import { useT, type BoKey } from '../../i18n/useT.ts';
import { useRaceStatusMutation } from './raceday.api.ts';

type TargetStatus = Exclude<RaceStatus, 'A'>;

const VARIANT: Record<TargetStatus, NonNullable<ButtonProps['variant']>> = {
  O: 'primary',
  L: 'accent',
  C: 'primary',
  D: 'primary',
  X: 'danger',
};

/** The moves that ask first, in a dialog naming the race and the action: each one players feel at once. */
type ConfirmedStatus = 'O' | 'C' | 'X';
const CONFIRMED: ReadonlySet<TargetStatus> = new Set<TargetStatus>(['O', 'C', 'X']);
const isConfirmed = (status: TargetStatus): status is ConfirmedStatus => CONFIRMED.has(status);

const CONFIRM_TEXT = {
  O: {
    title: 'statusControls.openTitle',
    body: 'statusControls.openBody',
    confirm: 'statusControls.openConfirm',
    keep: 'statusControls.keepWaiting',
  },
  C: {
    title: 'statusControls.closeTitle',
    body: 'statusControls.closeBody',
    confirm: 'statusControls.closeConfirm',
    keep: 'statusControls.keepOpen',
  },
  X: {
    title: 'statusControls.cancelTitle',
    body: 'statusControls.cancelBody',
    confirm: 'statusControls.cancelConfirm',
    keep: 'statusControls.cancelKeep',
  },
} as const satisfies Record<ConfirmedStatus, Record<'title' | 'body' | 'confirm' | 'keep', BoKey>>;

/**
 * The moves the race may make from its status (allowedTransitions), one button each. Opening betting,
 * closing it and cancelling ask first in a dialog that names the race: players feel each at once, and
 * closing and cancelling cannot be undone. One change at a time; the buttons wait for the fresh race.
 */
export function RaceStatusControls({ race, eventName }: { race: Race; eventName: string }) {
  const t = useT();
  const change = useRaceStatusMutation(race.raceId);
  const [confirming, setConfirming] = useState<ConfirmedStatus | null>(null);
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
        setConfirming(null);
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
      onError: () => setConfirming(null),
    });
  }

  const pending = change.isPending ? change.variables : null;
  const text = confirming ? CONFIRM_TEXT[confirming] : null;

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
              onClick={() => (isConfirmed(status) ? setConfirming(status) : move(status))}
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
        open={confirming !== null}
        onClose={() => {
          if (!change.isPending) setConfirming(null);
        }}
        title={text ? t(text.title, { raceNo: race.raceNo, event: eventName }) : ''}
        closeLabel={t('common.close')}
        actions={
          confirming && text ? (
            <>
              <Button
                variant={confirming === 'X' ? 'danger' : 'primary'}
                busy={pending === confirming}
                onClick={() => move(confirming)}
              >
                {t(text.confirm)}
              </Button>
              <Button
                variant="secondary"
                data-autofocus
                disabled={pending === confirming}
                onClick={() => setConfirming(null)}
              >
                {t(text.keep)}
              </Button>
            </>
          ) : null
        }
      >
        {text ? (
          <>
            <p className="bo-confirm-dialog__what">
              {t('statusControls.confirmWhat', { raceNo: race.raceNo, event: eventName })}
            </p>
            <p>{t(text.body)}</p>
          </>
        ) : null}
      </Dialog>
    </div>
  );
}
