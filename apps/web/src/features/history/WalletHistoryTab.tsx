import { useId, useState } from 'react';
import { Link } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  formatPeso,
  HISTORY_STATUS_FILTERS,
  HISTORY_TYPE_FILTERS,
  type CreditHistoryEntry,
  type HistoryStatusFilter,
  type HistoryTypeFilter,
} from '@karera/shared';
import { Alert, Button, SelectField, Spinner } from '../../components/ui/index.ts';
import { walletHistoryQuery } from './walletHistoryApi.ts';
import { useWalletT } from './walletI18n.ts';
import { accountDetailsOf, channelOf, signedAmount, walletDateTime } from './walletFormat.ts';

const STATUS_ICON: Record<CreditHistoryEntry['status'], string> = { PENDING: '⏳', APPROVED: '✓', DECLINED: '✕' };

/** Wallet tab of Transaction History (docs/product/money.md#wallet-history): filters type and status. */
export function WalletHistoryTab() {
  const t = useWalletT();
  const [type, setType] = useState<HistoryTypeFilter>('ALL');
  const [status, setStatus] = useState<HistoryStatusFilter>('ALL');
  const history = useQuery({ ...walletHistoryQuery(type, status), placeholderData: keepPreviousData });

  return (
    <div className="wallet-history">
      <form className="wallet-history__filters" aria-label={t('filters')} onSubmit={(e) => e.preventDefault()}>
        <SelectField
          label={t('type')}
          value={type}
          options={HISTORY_TYPE_FILTERS.map((value) => ({ value, label: t(`types.${value}`) }))}
          onChange={(event) => setType(HISTORY_TYPE_FILTERS.find((v) => v === event.target.value) ?? 'ALL')}
          data-testid="wallet-type-filter"
        />
        <SelectField
          label={t('status')}
          value={status}
          options={HISTORY_STATUS_FILTERS.map((value) => ({ value, label: t(`statuses.${value}`) }))}
          onChange={(event) => setStatus(HISTORY_STATUS_FILTERS.find((v) => v === event.target.value) ?? 'ALL')}
          data-testid="wallet-status-filter"
        />
      </form>
      {history.isPending ? (
        <div className="bet-history__state">
          <Spinner label={t('loading')} />
        </div>
      ) : history.isError ? (
        <div className="bet-history__state">
          <Alert tone="error">{t('error')}</Alert>
          <Button variant="secondary" onClick={() => void history.refetch()}>
            {t('retry')}
          </Button>
        </div>
      ) : history.data.creditHistory.length === 0 ? (
        <p className="bet-history__empty">{t('empty')}</p>
      ) : (
        <ul className="wallet-history__list" aria-label={t('listLabel')} data-testid="wallet-history-list">
          {history.data.creditHistory.map((entry) => (
            <li key={entry.id}>
              <WalletRow entry={entry} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function WalletRow({ entry }: { entry: CreditHistoryEntry }) {
  const t = useWalletT();
  const headingId = useId();
  const { date, time } = walletDateTime(entry.dateTime);
  const account = accountDetailsOf(entry);
  const amount = signedAmount(entry);
  const statusLabel = t(`statuses.${entry.status}`);
  return (
    <article className="card wallet-row" aria-labelledby={headingId} data-testid="wallet-row">
      <div className="wallet-row__when">
        <time dateTime={entry.dateTime}>
          <span className="wallet-row__date">{date}</span>
          <span className="wallet-row__time">{time}</span>
        </time>
      </div>
      <div className="wallet-row__what">
        <h3 className="wallet-row__title" id={headingId}>
          {entry.paymentType === 'BAKAS'
            ? t('groupTicket')
            : `${t(entry.creditType === 'DR' ? 'deposit' : 'withdrawal')} · ${channelOf(entry)}`}
        </h3>
        <p className="wallet-row__id">{t('id', { id: entry.id })}</p>
        {account ? <p className="wallet-row__account">{account}</p> : null}
        {entry.tranRef1 ? <p className="wallet-row__account">{t('reference', { reference: entry.tranRef1 })}</p> : null}
        {entry.groupTicket ? (
          <p className="wallet-row__note">
            <Link to={`/bakas/${entry.groupTicket.code}`} data-testid="wallet-group-link">
              {t(`groupMovement.${entry.groupTicket.movement}`, { title: entry.groupTicket.title })}
            </Link>
          </p>
        ) : null}
        {entry.notes ? <p className="wallet-row__note">{entry.notes}</p> : null}
        {entry.bonus !== 0 ? (
          <p className="wallet-row__bonus">{t('bonus', { amount: formatPeso(entry.bonus) })}</p>
        ) : null}
      </div>
      <div className="wallet-row__money">
        <span
          className={`wallet-row__amount${amount < 0 ? ' wallet-row__amount--out' : ''}`}
          data-testid="wallet-amount"
        >
          {formatPeso(amount)}
        </span>
        <span
          className={`wallet-row__status wallet-row__status--${entry.status.toLowerCase()}`}
          data-testid="wallet-status"
        >
          <span aria-hidden="true">{STATUS_ICON[entry.status]}</span> {statusLabel}
        </span>
      </div>
    </article>
  );
}
