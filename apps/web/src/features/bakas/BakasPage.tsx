import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useLocation, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  BakasMessages,
  bakasCodeSchema,
  BET_WORDS,
  formatPeso,
  raceWords,
  type BakasGroup,
  type BakasGroupResponse,
} from '@karera/shared';
import { Alert, Button, Dialog, Page, Spinner } from '../../components/ui/index.ts';
import { ApiError, newIdempotencyKey } from '../../lib/api.ts';
import { balanceStore } from '../../lib/balance.ts';
import { useBalanceText } from '../../lib/useBalanceRefresh.ts';
import { useDocumentTitle } from '../../lib/useDocumentTitle.ts';
import { useSubmitOnce } from '../../lib/useSubmitOnce.ts';
import {
  bakasQueryKeys,
  cancelBakas,
  isNotFound,
  joinBakas,
  placeBakas,
  useBakasGroup,
  type CreatedNotice,
} from './bakasApi.ts';
import { useBakasMessage, useBakasT } from './bakasI18n.ts';
import { picksText, TicketFacts } from './TicketFacts.tsx';
import { useBakasLive } from './useBakasLive.ts';
import './bakas.css';

const ShareQr = lazy(() => import('./ShareQr.tsx').then((module) => ({ default: module.ShareQr })));

function codeOf(value: string | undefined): string | null {
  return bakasCodeSchema.safeParse(value).success && value !== undefined ? value : null;
}

function isCreatedNotice(state: unknown): state is CreatedNotice {
  return typeof state === 'object' && state !== null && 'created' in state;
}

/** Whole numbers typed in a field: digits only, at most three. */
const wholeInput = (value: string) => value.replace(/\D/g, '').slice(0, 3);

/**
 * A group ticket's page (/bakas/:code, decision 056), what its link and QR code open: the ticket, the shares
 * left (live over the socket), who joined by first name, the time left to last call; Join N shares (credit
 * only); for the organiser while open, Place now and Cancel; once it ran, each member's stake and payout.
 * Every figure is the server's; after a purchase or a refund the credit shown is the server's answer.
 */
export function BakasPage() {
  const bt = useBakasT();
  const { t: siteT } = useTranslation();
  const bakasMessage = useBakasMessage();
  const code = codeOf(useParams().code);
  const group = useBakasGroup(code);
  useBakasLive(code);
  const title = group.data?.group.title ?? bt('share.group');
  useDocumentTitle(siteT('common.documentTitle', { title }));

  let body;
  if (code === null || isNotFound(group.error)) {
    body = <Alert tone="info">{bakasMessage(BakasMessages.notFound)}</Alert>;
  } else if (group.isPending) {
    body = <Spinner label={bt('share.loading')} />;
  } else if (group.isError) {
    body = (
      <div className="bakas__state">
        <Alert tone="error">{bt('share.error')}</Alert>
        <Button variant="secondary" onClick={() => void group.refetch()}>
          {bt('share.retry')}
        </Button>
      </div>
    );
  } else {
    body = <GroupView group={group.data.group} />;
  }
  return (
    <Page title={title} testId="bakas-page" className="bakas">
      {body}
    </Page>
  );
}

type Notice = { kind: 'created' | 'joined' | 'cancelled' | 'placed'; credit: number | null; count?: number };

function GroupView({ group }: { group: BakasGroup }) {
  const bt = useBakasT();
  const { i18n } = useTranslation();
  const bakasMessage = useBakasMessage();
  const queryClient = useQueryClient();
  const location = useLocation();
  const [notice, setNotice] = useState<Notice | null>(() =>
    isCreatedNotice(location.state) ? { kind: 'created', credit: location.state.created.credit } : null,
  );
  const [refusal, setRefusal] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<'place' | 'cancel' | null>(null);
  const language = i18n.language === 'fil' ? 'fil' : 'en';
  const open = group.status === 'open';

  // The group moved on (placed, cancelled, settled: heard over the socket): money may have come back or been
  // paid, so the balance is read again from the server, and the creation's notice goes.
  const shownStatus = useRef(group.status);
  useEffect(() => {
    if (shownStatus.current === group.status) return;
    shownStatus.current = group.status;
    setNotice((current) => (current?.kind === 'created' ? null : current));
    void balanceStore.reload({ fresh: true });
  }, [group.status]);

  const accept = (answer: BakasGroupResponse) => {
    queryClient.setQueryData(bakasQueryKeys.group(answer.group.code), answer);
    void balanceStore.reload({ fresh: true });
  };
  const refuse = (error: Error) => {
    setRefusal(bakasMessage(error instanceof ApiError ? error.message : bt('share.error')));
    void balanceStore.reload({ fresh: true });
    void queryClient.invalidateQueries({ queryKey: bakasQueryKeys.group(group.code), exact: true });
  };
  const keyFor = useIdempotency();
  const cancel = useSubmitOnce<BakasGroupResponse, string>({
    mutationFn: (key) => cancelBakas({ code: group.code, idempotencyKey: key }),
    onSuccess: (answer) => {
      keyFor.done('cancel');
      accept(answer);
      setNotice({ kind: 'cancelled', credit: answer.creditBalance ?? null });
    },
    onError: refuse,
  });
  const place = useSubmitOnce<BakasGroupResponse, string>({
    mutationFn: (key) => placeBakas({ code: group.code, idempotencyKey: key }),
    onSuccess: (answer) => {
      keyFor.done('place');
      accept(answer);
      setNotice({ kind: 'placed', credit: answer.creditBalance ?? null });
    },
    onError: refuse,
  });

  function confirm() {
    const action = confirming;
    setConfirming(null);
    setRefusal(null);
    setNotice(null);
    if (action === 'cancel') cancel.submit(keyFor.key('cancel'));
    if (action === 'place') place.submit(keyFor.key('place'));
  }

  return (
    <>
      <p className="bakas__subtitle">
        <span data-testid="bakas-organiser">{bt('share.organisedBy', { name: group.organiser })}</span>
        <span className={`badge bakas__status bakas__status--${group.status}`} data-testid="bakas-status">
          {bt(`share.status.${group.status}`)}
        </span>
      </p>
      {notice ? (
        <div data-testid="bakas-notice">
          <Alert tone="success">
            {notice.kind === 'placed'
              ? bt('share.placed')
              : bt(`share.${notice.kind}`, {
                  count: notice.count ?? 0,
                  credit: notice.credit === null ? '—' : formatPeso(notice.credit),
                })}
          </Alert>
        </div>
      ) : null}
      {refusal ? (
        <div data-testid="bakas-refusal">
          <Alert tone="error">{refusal}</Alert>
        </div>
      ) : null}
      <div className="bakas__columns">
        <div className="bakas__column">
          <section className="bakas__card" aria-labelledby="bakas-ticket-heading">
            <h2 id="bakas-ticket-heading" className="bakas__heading">
              {bt('ticket.heading')}
            </h2>
            <TicketFacts
              betType={group.betType}
              race={`${raceWords(String(group.raceNo), BET_WORDS[language])} · ${group.eventName}`}
              selections={group.selections}
              amount={group.amount}
              combinations={group.combinations}
              cost={group.cost}
            />
            {group.ticket ? <PlacedTicket ticket={group.ticket} /> : null}
          </section>
          <SharesCard group={group} />
        </div>
        <div className="bakas__column">
          {group.settlement ? <Settlement group={group} /> : null}
          {open ? (
            <JoinCard
              group={group}
              onJoined={(answer, count) => {
                accept(answer);
                setRefusal(null);
                setNotice({ kind: 'joined', credit: answer.creditBalance ?? null, count });
              }}
              onRefused={refuse}
              onTry={() => {
                setRefusal(null);
                setNotice(null);
              }}
            />
          ) : null}
          {open && group.isOrganiser ? (
            <section className="bakas__card bakas__organiser" data-testid="bakas-organiser-actions">
              <p className="field__hint bakas__hint">{bt('share.placeHint')}</p>
              <Button
                variant="primary"
                block
                busy={place.isPending}
                onClick={() => setConfirming('place')}
                data-testid="bakas-place"
              >
                {bt('share.place')}
              </Button>
              <Button
                variant="secondary"
                block
                busy={cancel.isPending}
                onClick={() => setConfirming('cancel')}
                data-testid="bakas-cancel"
              >
                {bt('share.cancel')}
              </Button>
            </section>
          ) : null}
          {open ? <ShareLink code={group.code} /> : null}
          <Members group={group} />
        </div>
      </div>
      <Dialog
        open={confirming !== null}
        onClose={() => setConfirming(null)}
        title={bt('share.confirmTitle')}
        closeLabel={bt('share.keep')}
        testId="bakas-confirm"
        actions={
          <>
            <Button variant="secondary" onClick={() => setConfirming(null)}>
              {bt('share.keep')}
            </Button>
            <Button variant="primary" onClick={confirm} data-autofocus data-testid="bakas-confirm-yes">
              {bt('share.yes')}
            </Button>
          </>
        }
      >
        <p className="alert-dialog__text">
          {confirming === 'place'
            ? bt('share.placeConfirm', { sold: group.sharesSold, shares: group.shares })
            : bt('share.cancelConfirm')}
        </p>
      </Dialog>
    </>
  );
}

/** One idempotency key per action until the server answers it: a retry after a lost answer is the same call. */
function useIdempotency() {
  const keys = useRef(new Map<string, string>());
  return {
    key(action: string) {
      const kept = keys.current.get(action) ?? newIdempotencyKey();
      keys.current.set(action, kept);
      return kept;
    },
    done(action: string) {
      keys.current.delete(action);
    },
  };
}

function SharesCard({ group }: { group: BakasGroup }) {
  const bt = useBakasT();
  const bakasMessage = useBakasMessage();
  return (
    <section className="bakas__card" aria-label={bt('share.sold')}>
      <p className="bakas__left" data-testid="bakas-shares-left" aria-live="polite">
        {group.sharesLeft > 0
          ? bt('share.sharesLeft', { left: group.sharesLeft, shares: group.shares })
          : bakasMessage(BakasMessages.allSharesSold)}
      </p>
      <progress className="bakas__progress" max={group.shares} value={group.sharesSold} aria-label={bt('share.sold')} />
      <dl className="bakas__facts">
        <div>
          <dt>{bt('share.sold')}</dt>
          <dd data-testid="bakas-shares-sold">
            {bt('share.soldValue', { sold: group.sharesSold, shares: group.shares })}
          </dd>
        </div>
        <div>
          <dt>{bt('share.sharePrice')}</dt>
          <dd data-testid="bakas-price">{formatPeso(group.sharePrice)}</dd>
        </div>
        <div>
          <dt>{bt('share.fee')}</dt>
          <dd>{bt('share.feeValue', { percent: group.feePercent })}</dd>
        </div>
        <div>
          <dt>{bt('share.shortfall')}</dt>
          <dd>{bt(group.shortfall === 'smaller' ? 'share.shortfallSmaller' : 'share.shortfallCancel')}</dd>
        </div>
        {group.status === 'open' ? (
          <div>
            <dt>{bt('share.lastCall')}</dt>
            <dd data-testid="bakas-time-left">
              <TimeLeft closesAt={group.closesAt} />
            </dd>
          </div>
        ) : null}
        {group.yourShares > 0 ? (
          <div>
            <dt>{bt('share.yours')}</dt>
            <dd data-testid="bakas-your-shares">{group.yourShares}</dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}

function TimeLeft({ closesAt }: { closesAt: string | null }) {
  const bt = useBakasT();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const closes = closesAt === null ? Number.NaN : Date.parse(closesAt);
  if (Number.isNaN(closes)) return <>—</>;
  const left = Math.floor((closes - now) / 1000);
  if (left <= 0) return <>{bt('share.lastCallPassed')}</>;
  const h = Math.floor(left / 3600);
  const m = Math.floor((left % 3600) / 60);
  const s = left % 60;
  const time = h > 0 ? bt('time.hours', { h, m }) : m > 0 ? bt('time.minutes', { m, s }) : bt('time.seconds', { s });
  return <time dateTime={closesAt ?? undefined}>{time}</time>;
}

function Members({ group }: { group: BakasGroup }) {
  const bt = useBakasT();
  const ran = group.status === 'placed' || group.status === 'settled' || group.status === 'cancelled';
  return (
    <section className="bakas__card" aria-labelledby="bakas-members-heading">
      <h2 id="bakas-members-heading" className="bakas__heading">
        {bt('share.members')}
      </h2>
      {group.members.length === 0 ? (
        <p className="bakas__empty">{bt('share.membersEmpty')}</p>
      ) : (
        <ul className="bakas__members" data-testid="bakas-members">
          {group.members.map((member, index) => (
            <li key={`${member.firstName}-${index}`} className="bakas__member" data-testid="bakas-member">
              <span className="bakas__member-name">{member.firstName}</span>
              <span className="bakas__member-shares">
                {member.shares === 1 ? bt('share.memberSharesOne') : bt('share.memberShares', { count: member.shares })}
              </span>
              {ran ? (
                <span className="bakas__member-money" data-testid="bakas-member-money">
                  {bt('share.memberStake', { amount: formatPeso(member.stake) })}
                  {member.payout === null ? null : (
                    <> · {bt('share.memberPayout', { amount: formatPeso(member.payout) })}</>
                  )}
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function PlacedTicket({ ticket }: { ticket: NonNullable<BakasGroup['ticket']> }) {
  const bt = useBakasT();
  return (
    <div className="bakas__placed" data-testid="bakas-placed-ticket">
      <dl className="bakas__facts">
        <div>
          <dt>{bt('ticket.ticketNo')}</dt>
          <dd data-testid="bakas-ticket-no">{ticket.ticketNo}</dd>
        </div>
        {ticket.cut ? (
          <>
            <div>
              <dt>{bt('ticket.placedPicks')}</dt>
              <dd>{picksText(ticket.selections)}</dd>
            </div>
            <div>
              <dt>{bt('ticket.placedCost')}</dt>
              <dd>{formatPeso(ticket.cost)}</dd>
            </div>
          </>
        ) : null}
      </dl>
      {ticket.cut ? <p className="bakas__note">{bt('ticket.cut')}</p> : null}
      {ticket.unusedRefunded > 0 ? (
        <p className="bakas__note">{bt('ticket.unusedRefunded', { amount: formatPeso(ticket.unusedRefunded) })}</p>
      ) : null}
    </div>
  );
}

function Settlement({ group }: { group: BakasGroup }) {
  const bt = useBakasT();
  const settlement = group.settlement;
  if (!settlement) return null;
  return (
    <section className="bakas__card" aria-labelledby="bakas-result-heading" data-testid="bakas-settlement">
      <h2 id="bakas-result-heading" className="bakas__heading">
        {bt('share.settlement')}
      </h2>
      {settlement.refunded ? <p className="bakas__note">{bt('share.refunded')}</p> : null}
      <dl className="bakas__facts">
        <div>
          <dt>{bt('share.received')}</dt>
          <dd data-testid="bakas-received">{formatPeso(settlement.received)}</dd>
        </div>
        {settlement.winningsTax > 0 ? (
          <div>
            <dt>{bt('share.winningsTax')}</dt>
            <dd>{formatPeso(settlement.winningsTax)}</dd>
          </div>
        ) : null}
        {settlement.fee > 0 ? (
          <div>
            <dt>{bt('share.feePaid')}</dt>
            <dd>{formatPeso(settlement.fee)}</dd>
          </div>
        ) : null}
        {group.yourShares > 0 ? (
          <>
            <div>
              <dt>{bt('share.yourStake')}</dt>
              <dd data-testid="bakas-your-stake">{formatPeso(group.yourStake)}</dd>
            </div>
            <div>
              <dt>{bt('share.yourPayout')}</dt>
              <dd data-testid="bakas-your-payout">{group.yourPayout === null ? '—' : formatPeso(group.yourPayout)}</dd>
            </div>
          </>
        ) : null}
      </dl>
    </section>
  );
}

function JoinCard({
  group,
  onJoined,
  onRefused,
  onTry,
}: {
  group: BakasGroup;
  onJoined: (answer: BakasGroupResponse, count: number) => void;
  onRefused: (error: Error) => void;
  onTry: () => void;
}) {
  const bt = useBakasT();
  const bakasMessage = useBakasMessage();
  const balance = useBalanceText();
  const inputId = useId();
  const noteId = useId();
  const [count, setCount] = useState('1');
  const attempt = useRef<{ signature: string; key: string } | null>(null);
  const shares = Number(count || '0');
  const join = useSubmitOnce<BakasGroupResponse, { shares: number; key: string }>({
    mutationFn: ({ shares: wanted, key }) => joinBakas({ code: group.code, shares: wanted, idempotencyKey: key }),
    onSuccess: (answer, sent) => {
      attempt.current = null;
      setCount('1');
      onJoined(answer, sent.shares);
    },
    onError: onRefused,
  });

  function submit() {
    if (shares < 1) return;
    onTry();
    const signature = `${group.code}:${shares}`;
    if (attempt.current?.signature !== signature) attempt.current = { signature, key: newIdempotencyKey() };
    join.submit({ shares, key: attempt.current.key });
  }

  const soldOut = group.sharesLeft <= 0;
  return (
    <section className="bakas__card bakas__join" aria-labelledby="bakas-join-heading" data-testid="bakas-join">
      <h2 id="bakas-join-heading" className="bakas__heading">
        {bt('share.joinHeading')}
      </h2>
      {soldOut ? (
        <p className="bakas__note">{bakasMessage(BakasMessages.allSharesSold)}</p>
      ) : (
        <>
          <div className="field">
            <label className="field__label" htmlFor={inputId}>
              {bt('share.joinShares')}
            </label>
            <input
              id={inputId}
              className="field__input bakas__count"
              inputMode="numeric"
              pattern="[0-9]*"
              autoComplete="off"
              aria-describedby={noteId}
              value={count}
              onChange={(event) => setCount(wholeInput(event.target.value))}
              data-testid="bakas-join-shares"
            />
            <span id={noteId} className="field__hint" data-testid="bakas-credit-only">
              {bakasMessage(BakasMessages.creditOnly)}
            </span>
          </div>
          <p className="bakas__credit">
            {bt('share.credit')}: <strong data-testid="bakas-credit">{balance('credit')}</strong>
          </p>
          <Button
            variant="primary"
            block
            busy={join.isPending}
            disabled={shares < 1}
            onClick={submit}
            data-testid="bakas-join-submit"
          >
            {shares === 1 ? bt('share.joinOne') : bt('share.join', { count: shares })}
          </Button>
        </>
      )}
    </section>
  );
}

function ShareLink({ code }: { code: string }) {
  const bt = useBakasT();
  const [copied, setCopied] = useState(false);
  const url = `${window.location.origin}/bakas/${code}`;
  return (
    <section className="bakas__card bakas__share" aria-labelledby="bakas-link-heading">
      <h2 id="bakas-link-heading" className="bakas__heading">
        {bt('share.link')}
      </h2>
      <p className="bakas__url">
        <a href={url} data-testid="bakas-link">
          {url}
        </a>
      </p>
      <Button
        variant="secondary"
        size="sm"
        onClick={() => {
          void navigator.clipboard
            ?.writeText(url)
            .then(() => setCopied(true))
            .catch(() => setCopied(false));
        }}
      >
        {bt('share.copy')}
      </Button>
      <p className="visually-hidden" role="status">
        {copied ? bt('share.copied') : ''}
      </p>
      <Suspense fallback={<div className="bakas__qr bakas__qr--loading" aria-hidden="true" />}>
        <ShareQr url={url} label={bt('share.qr')} />
      </Suspense>
      <p className="field__hint bakas__hint">{bt('share.live')}</p>
    </section>
  );
}
