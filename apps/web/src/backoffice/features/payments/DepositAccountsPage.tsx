import { useApprovalsQuery } from '../../lib/approvals.ts';
import { PendingProposals } from '../../components/ProposalSummary.tsx';
import { useId, useState, type FormEvent } from 'react';
import {
  DEPOSIT_ACCOUNT_TYPES,
  DualControlKinds,
  DEPOSIT_TYPE_LABELS,
  parsePesos,
  WITHDRAW_COMPANY_LABELS,
  type DepositAccountType,
  type DepositAccountView,
  type PaymentLimitsInput,
  type WithdrawCompany,
} from '@karera/shared';
import { Alert, Button, SelectField, TextField } from '../../../components/ui/index.ts';
import { PageHeading } from '../../components/PageHeading.tsx';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '../../components/QueryState.tsx';
import { errorText } from '../../lib/errors.ts';
import { useT } from '../../i18n/useT.ts';
import { ApprovalSettingsSection } from './Approvals.tsx';
import { ChannelImageField } from './ChannelImageField.tsx';
import {
  useDepositAccountsQuery,
  useLimitsQuery,
  useSaveDepositAccount,
  useSaveLimits,
  useSetDepositAccountImage,
  useSetWithdrawChannelImage,
  useWithdrawChannelsQuery,
} from './payments.api.ts';
import './payments.css';

interface AccountDraft {
  id: number | null;
  type: DepositAccountType;
  accountName: string;
  accountNumber: string;
  companyNumber: string;
  active: boolean;
}

const EMPTY: AccountDraft = {
  id: null,
  type: 'GCASH',
  accountName: '',
  accountNumber: '',
  companyNumber: '',
  active: true,
};

function typeOf(value: string): DepositAccountType {
  return DEPOSIT_ACCOUNT_TYPES.find((type) => type === value) ?? 'GCASH';
}

/** Admin: the receiving accounts players deposit to (each with its image), the withdraw channels' images, the limits. */
export function DepositAccountsPage() {
  const t = useT();
  const accounts = useDepositAccountsQuery();
  const save = useSaveDepositAccount();
  const [draft, setDraft] = useState<AccountDraft>(EMPTY);
  const [saved, setSaved] = useState(false);
  const headingId = useId();

  function edit(account: DepositAccountView) {
    save.reset();
    setSaved(false);
    setDraft({
      id: account.id,
      type: account.type,
      accountName: account.accountName,
      accountNumber: account.accountNumber,
      companyNumber: account.companyNumber ?? '',
      active: account.active,
    });
    requestAnimationFrame(() => document.getElementById(headingId)?.focus());
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaved(false);
    const { id, companyNumber, ...rest } = draft;
    save.mutate(
      { id, input: { ...rest, ...(companyNumber.trim() ? { companyNumber } : {}) } },
      {
        onSuccess: () => {
          setDraft(EMPTY);
          setSaved(true);
        },
      },
    );
  }

  return (
    <>
      <PageHeading title={t('payments.accountsTitle')} />
      <p className="bo-muted">{t('payments.accountsIntro')}</p>
      {accounts.isPending ? (
        <LoadingBlock />
      ) : accounts.isError ? (
        <ErrorBlock error={accounts.error} onRetry={() => void accounts.refetch()} />
      ) : accounts.data.accounts.length === 0 ? (
        <EmptyBlock text={t('payments.noAccounts', { message: t('payments.noDepositAccount') })} />
      ) : (
        <ul className="bo-cards bo-section" data-testid="deposit-accounts">
          {accounts.data.accounts.map((account) => (
            <li key={account.id} className="card bo-payment">
              <div className="bo-payment__head">
                <strong>
                  {DEPOSIT_TYPE_LABELS[account.type]} · {account.accountName}
                </strong>
                <span className={`bo-status bo-status--${account.active ? 'success' : 'danger'}`}>
                  {account.active ? t('payments.active') : t('payments.inactive')}
                </span>
              </div>
              <p className="bo-muted">
                {account.accountNumber}
                {account.companyNumber ? ` · ${account.companyNumber}` : ''}
              </p>
              <DepositAccountImage account={account} />
              <Button size="sm" variant="secondary" onClick={() => edit(account)}>
                {t('payments.edit')}
              </Button>
            </li>
          ))}
        </ul>
      )}

      <section className="card bo-section" aria-labelledby={headingId}>
        <h2 id={headingId} tabIndex={-1}>
          {draft.id === null ? t('payments.addAccount') : t('payments.editAccount')}
        </h2>
        {saved ? <Alert tone="success">{t('payments.saved')}</Alert> : null}
        {save.isError ? <Alert tone="error">{errorText(t, save.error)}</Alert> : null}
        <form onSubmit={submit} noValidate data-testid="deposit-account-form">
          <SelectField
            label={t('payments.type')}
            value={draft.type}
            options={DEPOSIT_ACCOUNT_TYPES.map((type) => ({ value: type, label: DEPOSIT_TYPE_LABELS[type] }))}
            onChange={(event) => setDraft({ ...draft, type: typeOf(event.target.value) })}
          />
          <TextField
            label={t('payments.accountName')}
            maxLength={60}
            value={draft.accountName}
            onChange={(event) => setDraft({ ...draft, accountName: event.target.value })}
          />
          <TextField
            label={t('payments.accountNumber')}
            maxLength={30}
            value={draft.accountNumber}
            onChange={(event) => setDraft({ ...draft, accountNumber: event.target.value })}
          />
          <TextField
            label={t('payments.companyNumber')}
            maxLength={60}
            value={draft.companyNumber}
            onChange={(event) => setDraft({ ...draft, companyNumber: event.target.value })}
          />
          <label className="bo-check">
            <input
              type="checkbox"
              checked={draft.active}
              onChange={(event) => setDraft({ ...draft, active: event.target.checked })}
            />{' '}
            {t('payments.active')}
          </label>
          <div className="bo-actions">
            <Button type="submit" busy={save.isPending}>
              {t('payments.save')}
            </Button>
            {draft.id !== null ? (
              <Button variant="secondary" onClick={() => setDraft(EMPTY)}>
                {t('payments.cancel')}
              </Button>
            ) : null}
          </div>
        </form>
      </section>
      <WithdrawChannelsSection />
      <LimitsSection />
      <ApprovalSettingsSection />
    </>
  );
}

function DepositAccountImage({ account }: { account: DepositAccountView }) {
  const setImage = useSetDepositAccountImage();
  return (
    <ChannelImageField
      channel={{ kind: 'deposit', type: account.type }}
      name={`${DEPOSIT_TYPE_LABELS[account.type]} · ${account.accountName}`}
      imageUrl={account.imageUrl}
      save={(image, done) => setImage.mutate({ id: account.id, image }, done)}
      busy={setImage.isPending}
      error={setImage.error}
      testId={`deposit-account-image-${account.id}`}
    />
  );
}

/**
 * The image of each channel players withdraw to (docs/product/money.md#channels-and-images): an upload, or the built-in
 * badge.
 */
function WithdrawChannelsSection() {
  const t = useT();
  const channels = useWithdrawChannelsQuery();
  const headingId = useId();
  return (
    <section className="card bo-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('payments.withdrawChannelsTitle')}</h2>
      <p className="bo-muted">{t('payments.imagesIntro')}</p>
      {channels.isPending ? (
        <LoadingBlock />
      ) : channels.isError ? (
        <ErrorBlock error={channels.error} onRetry={() => void channels.refetch()} />
      ) : (
        <ul className="bo-channel-list" data-testid="withdraw-channels">
          {channels.data.channels.map((channel) => (
            <li key={channel.company}>
              <strong>{WITHDRAW_COMPANY_LABELS[channel.company]}</strong>
              <WithdrawChannelImage company={channel.company} imageUrl={channel.imageUrl} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function WithdrawChannelImage({ company, imageUrl }: { company: WithdrawCompany; imageUrl: string | null }) {
  const setImage = useSetWithdrawChannelImage();
  return (
    <ChannelImageField
      channel={{ kind: 'withdraw', company }}
      name={WITHDRAW_COMPANY_LABELS[company]}
      imageUrl={imageUrl}
      save={(image, done) => setImage.mutate({ company, image }, done)}
      busy={setImage.isPending}
      error={setImage.error}
      testId={`withdraw-channel-image-${company}`}
    />
  );
}

function pesosText(centavos: number): string {
  return (centavos / 100).toFixed(2);
}

function LimitsSection() {
  const t = useT();
  const limits = useLimitsQuery();
  const save = useSaveLimits();
  const headingId = useId();
  const [draft, setDraft] = useState<Record<
    'depositMin' | 'depositMax' | 'withdrawMin' | 'withdrawMax',
    string
  > | null>(null);
  const [invalid, setInvalid] = useState(false);
  // The server's answer: the limits are sent for a second admin's approval (decision 045), not applied.
  const [saved, setSaved] = useState<string | null>(null);
  const approvals = useApprovalsQuery();

  if (limits.isPending) return <LoadingBlock />;
  if (limits.isError) return <ErrorBlock error={limits.error} onRetry={() => void limits.refetch()} />;
  const values = draft ?? {
    depositMin: pesosText(limits.data.deposit.min),
    depositMax: pesosText(limits.data.deposit.max),
    withdrawMin: pesosText(limits.data.withdraw.min),
    withdrawMax: pesosText(limits.data.withdraw.max),
  };

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaved(null);
    const [depositMin, depositMax, withdrawMin, withdrawMax] = [
      values.depositMin,
      values.depositMax,
      values.withdrawMin,
      values.withdrawMax,
    ].map((text) => parsePesos(text));
    if (depositMin == null || depositMax == null || withdrawMin == null || withdrawMax == null) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    const input: PaymentLimitsInput = {
      deposit: { min: depositMin, max: depositMax },
      withdraw: { min: withdrawMin, max: withdrawMax },
    };
    save.mutate(input, {
      onSuccess: (answer) => {
        setDraft(null);
        setSaved(answer.statusMessage);
      },
    });
  }

  const field = (name: keyof typeof values, label: string) => (
    <TextField
      label={label}
      inputMode="decimal"
      value={values[name]}
      onChange={(event) => setDraft({ ...values, [name]: event.target.value })}
    />
  );
  return (
    <section className="card bo-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('payments.limitsTitle')}</h2>
      {saved ? <Alert tone="success">{saved}</Alert> : null}
      <PendingProposals requests={approvals.data?.pending.filter((r) => r.kind === DualControlKinds.paymentLimits)} />
      {invalid ? <Alert tone="error">{t('payments.limitsInvalid')}</Alert> : null}
      {save.isError ? <Alert tone="error">{errorText(t, save.error)}</Alert> : null}
      <form onSubmit={submit} noValidate>
        {field('depositMin', t('payments.depositMin'))}
        {field('depositMax', t('payments.depositMax'))}
        {field('withdrawMin', t('payments.withdrawMin'))}
        {field('withdrawMax', t('payments.withdrawMax'))}
        <Button type="submit" busy={save.isPending}>
          {t('payments.save')}
        </Button>
      </form>
    </section>
  );
}
