import { useId, useState, type FormEvent, type ReactNode } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';
import {
  PROMO_CREDIT_TO,
  PROMO_KINDS,
  PromoMessages,
  type BackofficePromoResponse,
  type PromoDefinitionInput,
} from '@karera/shared';
import { Alert, Button, SelectField, TextArea, TextField } from '../../../components/ui/index.ts';
import { ApiError } from '../../../lib/api.ts';
import { errorText } from '../../lib/errors.ts';
import { focusFirstError } from '../../lib/formFocus.ts';
import { localizeMessage, useT, type BoT } from '../../i18n/useT.ts';
import {
  checkPromo,
  creditToOf,
  kindFields,
  kindOf,
  serverFieldMessages,
  withKind,
  type FieldMessage,
  type PromoDraft,
  type PromoField,
} from './promoForm.ts';

export interface PromoFormProps {
  initial: PromoDraft;
  mutation: UseMutationResult<BackofficePromoResponse, Error, PromoDefinitionInput>;
  submitLabel: string;
  /** After a save: the message to show (null for none), from the server's answer (a proposal says so). */
  onSaved: (answer: BackofficePromoResponse) => ReactNode;
  /** Empty the form after a save (creating), or keep what was saved (editing). */
  resetAfterSave: boolean;
  onCancel?: () => void;
  testId?: string;
  /** Players have claimed the promo: its reward (kind, where it pays, amount, rate, cap) stays as they claimed it. */
  rewardLocked?: boolean;
}

function messageText(t: BoT, message: FieldMessage): string {
  if ('text' in message) return localizeMessage(t, message.text);
  if (message.key === 'atMost' || message.key === 'atLeast') {
    return t(`promos.form.messages.${message.key}`, { limit: message.limit });
  }
  return t(`promos.form.messages.${message.key}`);
}

/**
 * Create or edit a promo: every field of the definition, money typed in pesos (sent as centavos), the
 * percentage in % (sent as basis points), dates in Manila time. Checked with the server's schema before
 * sending; a refusal is shown beside its field, or above the form.
 */
export function PromoForm({
  initial,
  mutation,
  submitLabel,
  onSaved,
  resetAfterSave,
  onCancel,
  testId,
  rewardLocked = false,
}: PromoFormProps) {
  const t = useT();
  const kindHintId = useId();
  const creditHintId = useId();
  const kindId = useId();
  const creditId = useId();
  const lockedId = useId();
  const [draft, setDraft] = useState<PromoDraft>(initial);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<PromoField, FieldMessage>>>({});
  const [saved, setSaved] = useState<ReactNode>(null);
  const uses = kindFields(draft.kind);

  function update(next: Partial<PromoDraft>, ...fields: PromoField[]) {
    setDraft((current) => ({ ...current, ...next }));
    setFieldErrors((current) => {
      const copy = { ...current };
      for (const field of fields) delete copy[field];
      return copy;
    });
    setSaved(null);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (mutation.isPending) return;
    setSaved(null);
    const check = checkPromo(draft);
    if (!check.ok) {
      mutation.reset();
      setFieldErrors(check.fieldErrors);
      focusFirstError(event.currentTarget);
      return;
    }
    setFieldErrors({});
    const form = event.currentTarget;
    mutation.mutate(check.body, {
      onSuccess: (answer) => {
        if (resetAfterSave) setDraft(initial);
        setSaved(onSaved(answer));
      },
      onError: (error) => {
        if (error instanceof ApiError) {
          setFieldErrors(serverFieldMessages(error.fieldErrors));
          focusFirstError(form);
        }
      },
    });
  }

  const error = (field: PromoField) => {
    const message = fieldErrors[field];
    return message ? messageText(t, message) : undefined;
  };
  const described = (id: string, hintId: string, field: PromoField) =>
    [hintId, fieldErrors[field] ? `${id}-error` : ''].filter(Boolean).join(' ');
  const serverMessage = mutation.isError ? errorText(t, mutation.error) : null;
  const formError =
    serverMessage && !Object.values(fieldErrors).some((m) => m && messageText(t, m) === serverMessage)
      ? serverMessage
      : null;

  return (
    <form onSubmit={submit} noValidate className="bo-form" data-testid={testId}>
      {saved ? <Alert tone="success">{saved}</Alert> : null}
      {formError ? <Alert tone="error">{formError}</Alert> : null}
      <TextField
        label={t('promos.form.promoCode')}
        name="promoCode"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={20}
        hint={t('promos.form.promoCodeHint')}
        value={draft.promoCode}
        error={error('promoCode')}
        onChange={(event) => update({ promoCode: event.target.value }, 'promoCode')}
      />
      <TextField
        label={t('promos.form.name')}
        name="name"
        autoComplete="off"
        maxLength={80}
        value={draft.name}
        error={error('name')}
        onChange={(event) => update({ name: event.target.value }, 'name')}
      />
      <TextArea
        label={t('promos.form.description')}
        name="description"
        rows={3}
        maxLength={500}
        value={draft.description}
        error={error('description')}
        onChange={(event) => update({ description: event.target.value }, 'description')}
      />
      {rewardLocked ? (
        <p id={lockedId} className="bo-muted" data-testid="promo-reward-locked">
          {localizeMessage(t, PromoMessages.rewardClaimed)}
        </p>
      ) : null}
      <SelectField
        id={kindId}
        label={t('promos.form.kind')}
        name="kind"
        value={draft.kind}
        disabled={rewardLocked}
        options={PROMO_KINDS.map((kind) => ({ value: kind, label: t(`promos.kinds.${kind}`) }))}
        error={error('kind')}
        aria-describedby={[described(kindId, kindHintId, 'kind'), rewardLocked ? lockedId : '']
          .filter(Boolean)
          .join(' ')}
        onChange={(event) =>
          update(withKind(draft, kindOf(event.target.value)), 'kind', 'creditTo', 'rewardAmount', 'rateBasisPoints')
        }
      />
      <p id={kindHintId} className="field__hint bo-hint-after">
        {t('promos.form.kindHint')}
      </p>
      <SelectField
        id={creditId}
        label={t('promos.form.creditTo')}
        name="creditTo"
        value={draft.creditTo}
        disabled={rewardLocked || draft.kind === 'rebate'}
        options={PROMO_CREDIT_TO.map((value) => ({ value, label: t(`promos.creditTo.${value}`) }))}
        error={error('creditTo')}
        aria-describedby={described(creditId, creditHintId, 'creditTo')}
        onChange={(event) => update({ creditTo: creditToOf(event.target.value) }, 'creditTo')}
      />
      <p id={creditHintId} className="field__hint bo-hint-after">
        {t('promos.form.creditToHint')}
      </p>
      {uses.reward ? (
        <TextField
          label={t('promos.form.reward')}
          name="rewardAmount"
          disabled={rewardLocked}
          inputMode="decimal"
          autoComplete="off"
          value={draft.rewardPesos}
          error={error('rewardAmount')}
          onChange={(event) => update({ rewardPesos: event.target.value }, 'rewardAmount')}
        />
      ) : null}
      {uses.rate ? (
        <TextField
          label={t('promos.form.rate')}
          name="rateBasisPoints"
          disabled={rewardLocked}
          inputMode="decimal"
          autoComplete="off"
          value={draft.ratePercent}
          error={error('rateBasisPoints')}
          onChange={(event) => update({ ratePercent: event.target.value }, 'rateBasisPoints')}
        />
      ) : null}
      {uses.cap ? (
        <TextField
          label={t('promos.form.cap')}
          name="rewardCap"
          disabled={rewardLocked}
          inputMode="decimal"
          autoComplete="off"
          hint={t('promos.form.capHint')}
          value={draft.capPesos}
          error={error('rewardCap')}
          onChange={(event) => update({ capPesos: event.target.value }, 'rewardCap')}
        />
      ) : null}
      <TextField
        label={t('promos.form.remaining')}
        name="remaining"
        inputMode="numeric"
        autoComplete="off"
        hint={t('promos.form.remainingHint')}
        value={draft.remaining}
        error={error('remaining')}
        onChange={(event) => update({ remaining: event.target.value }, 'remaining')}
      />
      <TextField
        label={t('promos.form.perPlayerLimit')}
        name="perPlayerLimit"
        inputMode="numeric"
        autoComplete="off"
        hint={t('promos.form.perPlayerHint')}
        value={draft.perPlayerLimit}
        error={error('perPlayerLimit')}
        onChange={(event) => update({ perPlayerLimit: event.target.value }, 'perPlayerLimit')}
      />
      <TextField
        label={t('promos.form.dailyDeposit')}
        name="dailyDepositReq"
        inputMode="decimal"
        autoComplete="off"
        hint={t('promos.form.dailyDepositHint')}
        value={draft.dailyDepositPesos}
        error={error('dailyDepositReq')}
        onChange={(event) => update({ dailyDepositPesos: event.target.value }, 'dailyDepositReq')}
      />
      <TextField
        label={t('promos.form.accountDays')}
        name="accountDaysReq"
        inputMode="numeric"
        autoComplete="off"
        hint={t('promos.form.accountDaysHint')}
        value={draft.accountDaysReq}
        error={error('accountDaysReq')}
        onChange={(event) => update({ accountDaysReq: event.target.value }, 'accountDaysReq')}
      />
      <TextField
        label={t('promos.form.validity')}
        name="validityInHours"
        inputMode="numeric"
        autoComplete="off"
        hint={t('promos.form.validityHint')}
        value={draft.validityInHours}
        error={error('validityInHours')}
        onChange={(event) => update({ validityInHours: event.target.value }, 'validityInHours')}
      />
      <TextField
        label={t('promos.form.startsAt')}
        name="startsAt"
        type="datetime-local"
        value={draft.startsLocal}
        error={error('startsAt')}
        onChange={(event) => update({ startsLocal: event.target.value }, 'startsAt', 'endsAt')}
      />
      <TextField
        label={t('promos.form.endsAt')}
        name="endsAt"
        type="datetime-local"
        hint={t('promos.form.endsAtHint')}
        value={draft.endsLocal}
        error={error('endsAt')}
        onChange={(event) => update({ endsLocal: event.target.value }, 'endsAt')}
      />
      <label className="bo-check">
        <input
          type="checkbox"
          name="codeOnly"
          checked={draft.codeOnly}
          onChange={(event) => update({ codeOnly: event.target.checked }, 'codeOnly')}
        />{' '}
        {t('promos.form.codeOnly')}
      </label>
      {error('codeOnly') ? (
        <p className="field__error" role="alert">
          {error('codeOnly')}
        </p>
      ) : null}
      <div className="bo-actions">
        <Button type="submit" busy={mutation.isPending}>
          {submitLabel}
        </Button>
        {onCancel ? (
          <Button variant="secondary" disabled={mutation.isPending} onClick={onCancel}>
            {t('common.cancel')}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
