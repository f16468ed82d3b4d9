import { useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import { formatPeso, type BalanceAdjustmentInput, type PlayerDetailResponse } from '@karera/shared';
import { newIdempotencyKey } from '../../../lib/api.ts';
import { Alert, Button, SelectField, TextArea, TextField } from '../../../components/ui/index.ts';
import { errorText, serverFieldErrors } from '../../lib/errors.ts';
import { formatSignedPeso } from '../../lib/format.ts';
import { localizeMessage, useT } from '../../i18n/useT.ts';
import {
  checkAdjustment,
  EMPTY_DRAFT,
  sameRequest,
  type AdjustmentDraft,
  type AdjustmentDirection,
} from './adjustment.ts';
import { useAdjustmentMutation } from './players.api.ts';

type FieldErrors = Partial<Record<keyof AdjustmentDraft, string>>;

interface PendingSubmission {
  input: BalanceAdjustmentInput;
  idempotencyKey: string;
}

/**
 * Admin-only manual credit / debit of a player's credit or bonus balance, in two steps: the form,
 * then a confirmation that repeats the exact amount and account. One idempotency key per submission:
 * made on the first Confirm, reused if the same body is confirmed again after a failure (the outcome
 * of a dropped connection is unknown, so the server must be able to recognise the retry), and
 * dropped after success or when the body changes.
 */
export function AdjustmentForm({ player }: { player: PlayerDetailResponse['player'] }) {
  const t = useT();
  const headingId = useId();
  const amountId = useId();
  const reasonId = useId();
  const [draft, setDraft] = useState<AdjustmentDraft>(EMPTY_DRAFT);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [review, setReview] = useState<BalanceAdjustmentInput | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const pending = useRef<PendingSubmission | null>(null);
  const confirmHeading = useRef<HTMLHeadingElement>(null);
  const adjust = useAdjustmentMutation(player.playerId);

  function update<K extends keyof AdjustmentDraft>(field: K, value: AdjustmentDraft[K]) {
    setDraft((current) => ({ ...current, [field]: value }));
    setFieldErrors((current) => ({ ...current, [field]: undefined }));
    setSuccess(null);
  }

  function startReview(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSuccess(null);
    const check = checkAdjustment(draft);
    if (!check.ok) {
      setFieldErrors(check.fieldErrors);
      return;
    }
    setFieldErrors({});
    adjust.reset();
    setReview(check.input);
    // The confirmation replaces the form: move focus to it so its text is read first.
    requestAnimationFrame(() => confirmHeading.current?.focus());
  }

  function backToEdit() {
    setReview(null);
    requestAnimationFrame(() => document.getElementById(amountId)?.focus());
  }

  function confirm() {
    if (!review || adjust.isPending) return;
    if (!pending.current || !sameRequest(pending.current.input, review)) {
      pending.current = { input: review, idempotencyKey: newIdempotencyKey() };
    }
    const submission = pending.current;
    adjust.mutate(submission, {
      onSuccess: (result) => {
        pending.current = null;
        setReview(null);
        setDraft(EMPTY_DRAFT);
        const values = { amount: formatSignedPeso(result.amount), account: t(`accounts.${result.account}`) };
        setSuccess(
          result.status === 'PENDING'
            ? t('adjustment.pendingSecond', { ...values, id: result.adjustmentId ?? '' })
            : t('adjustment.success', { ...values, transactionId: result.transactionId ?? '' }),
        );
      },
      onError: (error) => {
        const fields = serverFieldErrors(t, error);
        if (Object.keys(fields).length > 0) {
          // A refused field: back to the form, with the message beside the input and the text kept.
          setFieldErrors({ account: fields.account, amount: fields.amount, reason: fields.reason });
          setReview(null);
        }
      },
    });
  }

  const serverMessage = adjust.isError ? errorText(t, adjust.error) : null;
  // A refusal already shown beside its field is not repeated above the form.
  const serverError =
    serverMessage && !Object.values(fieldErrors).some((m) => m && localizeMessage(t, m) === serverMessage)
      ? serverMessage
      : null;
  const accountOptions = [
    { value: 'credit', label: t('accounts.credit') },
    { value: 'bonus', label: t('accounts.bonus') },
  ] as const;

  return (
    <section className="card bo-section bo-adjust" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('adjustment.title')}</h2>
      {success ? <Alert tone="success">{success}</Alert> : null}
      {serverError ? <Alert tone="error">{serverError}</Alert> : null}
      {review ? (
        <ConfirmStep
          review={review}
          player={player}
          busy={adjust.isPending}
          headingRef={confirmHeading}
          onConfirm={confirm}
          onEdit={backToEdit}
        />
      ) : (
        <form onSubmit={startReview} noValidate>
          <p className="bo-muted">{t('adjustment.intro')}</p>
          <SelectField
            label={t('adjustment.account')}
            name="account"
            options={accountOptions}
            value={draft.account}
            error={localized(fieldErrors.account)}
            onChange={(event) => update('account', event.target.value === 'bonus' ? 'bonus' : 'credit')}
          />
          <fieldset className="bo-radios">
            <legend className="field__label">{t('adjustment.direction')}</legend>
            {(['add', 'deduct'] as const satisfies readonly AdjustmentDirection[]).map((direction) => (
              <label key={direction} className="bo-radio">
                <input
                  type="radio"
                  name="direction"
                  value={direction}
                  checked={draft.direction === direction}
                  onChange={() => update('direction', direction)}
                />
                {t(`adjustment.${direction}`)}
              </label>
            ))}
          </fieldset>
          <TextField
            id={amountId}
            label={t('adjustment.amount')}
            name="amount"
            inputMode="decimal"
            autoComplete="off"
            hint={t('adjustment.amountHint')}
            value={draft.amount}
            error={localized(fieldErrors.amount)}
            onChange={(event) => update('amount', event.target.value)}
          />
          <TextArea
            id={reasonId}
            label={t('adjustment.reason')}
            name="reason"
            rows={3}
            maxLength={500}
            aria-describedby={fieldErrors.reason ? `${reasonId}-hint ${reasonId}-error` : `${reasonId}-hint`}
            value={draft.reason}
            error={localized(fieldErrors.reason)}
            onChange={(event) => update('reason', event.target.value)}
          />
          <p id={`${reasonId}-hint`} className="field__hint bo-hint-after">
            {t('adjustment.reasonHint')}
          </p>
          <Button type="submit">{t('adjustment.review')}</Button>
        </form>
      )}
    </section>
  );

  function localized(message: string | undefined): string | undefined {
    return message ? localizeMessage(t, message) : undefined;
  }
}

interface ConfirmStepProps {
  review: BalanceAdjustmentInput;
  player: PlayerDetailResponse['player'];
  busy: boolean;
  headingRef: RefObject<HTMLHeadingElement | null>;
  onConfirm: () => void;
  onEdit: () => void;
}

function ConfirmStep({ review, player, busy, headingRef, onConfirm, onEdit }: ConfirmStepProps) {
  const t = useT();
  const account = t(`accounts.${review.account}`);
  const now = review.account === 'credit' ? player.creditBalance : player.bonusBalance;
  const sentence = t(review.amount > 0 ? 'adjustment.confirmAdd' : 'adjustment.confirmDeduct', {
    amount: formatPeso(Math.abs(review.amount)),
    account,
    id: player.playerId,
  });
  return (
    <div className="bo-confirm">
      <h3 ref={headingRef} tabIndex={-1}>
        {t('adjustment.confirmTitle')}
      </h3>
      <p className="bo-confirm__sentence">{sentence}</p>
      <dl className="bo-fields">
        <div className="bo-fields__row">
          <dt>{t('adjustment.account')}</dt>
          <dd>{account}</dd>
        </div>
        <div className="bo-fields__row">
          <dt>{t('adjustment.amount')}</dt>
          <dd>{formatSignedPeso(review.amount)}</dd>
        </div>
        <div className="bo-fields__row">
          <dt>{t('adjustment.balanceNow')}</dt>
          <dd>{formatPeso(now)}</dd>
        </div>
        <div className="bo-fields__row">
          <dt>{t('adjustment.balanceAfter')}</dt>
          <dd>{formatPeso(now + review.amount)}</dd>
        </div>
        <div className="bo-fields__row">
          <dt>{t('adjustment.reasonSummary')}</dt>
          <dd className="bo-prewrap">{review.reason}</dd>
        </div>
      </dl>
      <div className="bo-actions">
        <Button variant={review.amount < 0 ? 'danger' : 'primary'} busy={busy} onClick={onConfirm}>
          {t('adjustment.confirm')}
        </Button>
        <Button variant="secondary" disabled={busy} onClick={onEdit}>
          {t('adjustment.edit')}
        </Button>
      </div>
    </div>
  );
}
