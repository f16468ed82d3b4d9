import { useState, type FormEvent } from 'react';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PromoHistoryResponse, PromoView } from '@karera/shared';
import { Alert, Button, Spinner, TextField } from '../../components/ui/index.ts';
import { breakNoticeOf } from '../../components/rg/breakBanner.ts';
import { rgStatusQuery } from '../../lib/rgStatus.ts';
import { ClaimCard, PromoCard } from './PromoCards.tsx';
import { promoListQuery } from './promoApi.ts';
import { activePromoOf, claimButtonState } from './promoView.ts';

function LoadState({
  label,
  error,
  onRetry,
  busy,
}: {
  label: string;
  error: string | null;
  onRetry: () => void;
  busy: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="promo-state">
      {error === null ? (
        <Spinner label={label} />
      ) : (
        <>
          <Alert tone="error">{error}</Alert>
          <Button variant="secondary" busy={busy} onClick={onRetry}>
            {t('promo.retry')}
          </Button>
        </>
      )}
    </div>
  );
}

/**
 * Code entry with SUBMIT (docs/product/promos.md#claiming): the code is sent uppercase; an empty one is refused by the
 * claim flow.
 */
function PromoCodeForm({ onSubmit, busy }: { onSubmit: (code: string) => void; busy: boolean }) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSubmit(code);
  }
  return (
    <form className="promo-code" onSubmit={submit} noValidate data-testid="promo-code-form">
      <TextField
        label={t('promo.code.label')}
        hint={t('promo.code.hint')}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={40}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        data-testid="promo-code-input"
      />
      <Button type="submit" variant="primary" busy={busy} data-testid="promo-code-submit">
        {t('promo.code.submit')}
      </Button>
    </form>
  );
}

/** Available Promo: code entry and the promos on offer, each with its claim button. */
export function AvailableTab({
  codeFormKey,
  history,
  claiming,
  onCode,
  onChoose,
}: {
  /** Changes after a successful claim, so the code entry starts empty again. */
  codeFormKey: number;
  history: UseQueryResult<PromoHistoryResponse>;
  claiming: boolean;
  onCode: (code: string) => void;
  onChoose: (promo: PromoView) => void;
}) {
  const { t } = useTranslation();
  const list = useQuery(promoListQuery);
  // Until the history says whether a promo is active, no button can be pressed; if it cannot be read,
  // the server still refuses a second active promo with its own message.
  const hasActive = history.data ? activePromoOf(history.data.promos) !== null : history.isError ? false : null;
  return (
    <div className="promo-tab">
      <PromoCodeForm key={codeFormKey} onSubmit={onCode} busy={claiming} />
      {list.isPending || list.isError ? (
        <LoadState
          label={t('promo.loading')}
          error={list.isError ? t('promo.error') : null}
          busy={list.isFetching}
          onRetry={() => void list.refetch()}
        />
      ) : list.data.promos.length === 0 ? (
        <EmptyList />
      ) : (
        <ul className="promo-list" aria-label={t('promo.listLabel')} data-testid="promo-list">
          {list.data.promos.map((promo) => (
            <li key={promo.promoCode}>
              <PromoCard
                promo={promo}
                state={hasActive === null ? null : claimButtonState(promo, hasActive)}
                onClaim={onChoose}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * No promo on offer: during a break the server offers none (decision 034), so the list says why and
 * until when (the server's responsible-gaming status); otherwise the usual empty text.
 */
function EmptyList() {
  const { t } = useTranslation();
  const status = useQuery(rgStatusQuery);
  const notice = breakNoticeOf(status.data?.exclusion, Date.now());
  return (
    <p className="promo-state" data-testid="promo-empty">
      {notice === null
        ? t('promo.empty')
        : notice.kind === 'operator'
          ? t('promo.closedForBreak.operator')
          : t(`promo.closedForBreak.${notice.kind}`, { date: notice.until })}
    </p>
  );
}

/** Promo History: the player's claims, newest first. */
export function HistoryTab({ history }: { history: UseQueryResult<PromoHistoryResponse> }) {
  const { t } = useTranslation();
  if (history.isPending || history.isError) {
    return (
      <LoadState
        label={t('promo.historyLoading')}
        error={history.isError ? t('promo.historyError') : null}
        busy={history.isFetching}
        onRetry={() => void history.refetch()}
      />
    );
  }
  if (history.data.promos.length === 0) {
    return (
      <p className="promo-state" data-testid="promo-history-empty">
        {t('promo.historyEmpty')}
      </p>
    );
  }
  return (
    <ul className="promo-list" aria-label={t('promo.historyLabel')} data-testid="promo-history">
      {history.data.promos.map((claim) => (
        <li key={claim.claimId}>
          <ClaimCard claim={claim} />
        </li>
      ))}
    </ul>
  );
}
