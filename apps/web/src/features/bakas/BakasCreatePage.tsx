import { useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  BAKAS_MAX_FEE_PERCENT,
  BAKAS_MAX_SHARES,
  BAKAS_MIN_SHARES,
  BAKAS_TITLE_MAX,
  BakasMessages,
  BET_WORDS,
  betTypeByCode,
  countCombinations,
  formatPeso,
  raceWords,
  sharePrice,
  type BakasCreateInput,
  type BakasGroupResponse,
  type BakasShortfall,
} from '@karera/shared';
import { Alert, Button, ButtonLink, Page, SelectField, TextField } from '../../components/ui/index.ts';
import { ApiError, newIdempotencyKey } from '../../lib/api.ts';
import { balanceStore } from '../../lib/balance.ts';
import { clearBakasDraft, readBakasDraft, type BakasDraft } from '../../lib/bakasDraft.ts';
import { useDocumentTitle } from '../../lib/useDocumentTitle.ts';
import { useSubmitOnce } from '../../lib/useSubmitOnce.ts';
import { bakasQueryKeys, createBakas, type CreatedNotice } from './bakasApi.ts';
import { useBakasMessage, useBakasT } from './bakasI18n.ts';
import { TicketFacts } from './TicketFacts.tsx';
import './bakas.css';

/** Whole numbers typed in a field: digits only, at most three. */
const wholeInput = (value: string) => value.replace(/\D/g, '').slice(0, 3);

/**
 * Bet with friends (/bakas/new): the bet slip's bet as a group ticket (decision 056). The organiser chooses the
 * number of shares (the price of a share shown as the server computes it: the cost divided exactly), a title,
 * a fee on net winnings, what happens when not every share is sold by last call (the cut rule in one sentence),
 * and the shares they buy now. The answer shown is the server's: its group, or its refusal in its words.
 */
export function BakasCreatePage() {
  const bt = useBakasT();
  const { t: siteT } = useTranslation();
  useDocumentTitle(siteT('common.documentTitle', { title: bt('create.title') }));
  const [draft] = useState(() => readBakasDraft());
  return (
    <Page title={bt('create.title')} testId="bakas-create" className="bakas">
      <p className="bakas__intro">{bt('create.intro')}</p>
      {draft ? (
        <CreateForm draft={draft} />
      ) : (
        <div className="bakas__state">
          <Alert tone="info">{bt('create.noDraft')}</Alert>
          <ButtonLink to="/live" variant="primary">
            {bt('create.toSlip')}
          </ButtonLink>
        </div>
      )}
    </Page>
  );
}

function CreateForm({ draft }: { draft: BakasDraft }) {
  const bt = useBakasT();
  const { i18n } = useTranslation();
  const bakasMessage = useBakasMessage();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const shortfallName = useId();
  const [shares, setShares] = useState('10');
  const [own, setOwn] = useState('1');
  const [title, setTitle] = useState('');
  const [fee, setFee] = useState('0');
  const [shortfall, setShortfall] = useState<BakasShortfall>('smaller');
  const [refusal, setRefusal] = useState<string | null>(null);
  const [titleError, setTitleError] = useState<string | null>(null);
  const attempt = useRef<{ signature: string; key: string } | null>(null);

  const type = betTypeByCode(draft.betType);
  const combinations = type ? countCombinations(type, draft.selections) : 0;
  const cost = combinations * draft.amount;
  const shareCount = Number(shares || '0');
  const ownCount = Number(own || '0');
  const inRange = shareCount >= BAKAS_MIN_SHARES && shareCount <= BAKAS_MAX_SHARES;
  const price = sharePrice(cost, shareCount);
  const priceProblem = !inRange ? BakasMessages.sharesRange : price === null ? BakasMessages.sharesDoNotDivide : null;
  const ownProblem =
    ownCount < 1
      ? BakasMessages.organiserBuysOne
      : inRange && ownCount > shareCount
        ? BakasMessages.notEnoughShares(shareCount)
        : null;
  const language = i18n.language === 'fil' ? 'fil' : 'en';
  const feeOptions = useMemo(
    () =>
      Array.from({ length: BAKAS_MAX_FEE_PERCENT + 1 }, (_, percent) => ({
        value: String(percent),
        label: bt('create.feeOption', { percent }),
      })),
    [bt],
  );

  const submission = useSubmitOnce<BakasGroupResponse, BakasCreateInput>({
    mutationFn: createBakas,
    onSuccess: (answer) => {
      attempt.current = null;
      clearBakasDraft();
      queryClient.setQueryData(bakasQueryKeys.group(answer.group.code), answer);
      // The header's figures are read again from the server; the notice shows the server's answer.
      void balanceStore.reload({ fresh: true });
      const notice: CreatedNotice = { created: { credit: answer.creditBalance ?? null } };
      void navigate(`/bakas/${answer.group.code}`, { replace: true, state: notice });
    },
    onError: (error) => {
      setRefusal(bakasMessage(error instanceof ApiError ? error.message : bt('share.error')));
      void balanceStore.reload({ fresh: true });
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    setRefusal(null);
    const trimmed = title.trim();
    setTitleError(trimmed.length === 0 ? bakasMessage(BakasMessages.titleRequired) : null);
    if (trimmed.length === 0 || priceProblem || ownProblem) return;
    const body = {
      raceId: draft.raceId,
      eventId: draft.eventId,
      betType: draft.betType,
      selections: draft.selections,
      amount: draft.amount,
      shares: shareCount,
      organiserShares: ownCount,
      title: trimmed,
      feePercent: Number(fee),
      shortfall,
    };
    const signature = JSON.stringify(body);
    if (attempt.current?.signature !== signature) attempt.current = { signature, key: newIdempotencyKey() };
    submission.submit({ ...body, idempotencyKey: attempt.current.key });
  }

  return (
    <form className="bakas__columns" onSubmit={submit} noValidate data-testid="bakas-create-form">
      <section className="bakas__card" aria-labelledby="bakas-ticket-heading">
        <h2 id="bakas-ticket-heading" className="bakas__heading">
          {bt('ticket.heading')}
        </h2>
        <TicketFacts
          betType={draft.betType}
          race={raceWords(draft.raceNos.join('/'), BET_WORDS[language])}
          selections={draft.selections}
          amount={draft.amount}
          combinations={combinations}
          cost={cost}
        />
      </section>

      <section className="bakas__card bakas__fields">
        <TextField
          label={bt('create.shares')}
          hint={bt('create.sharesHint')}
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete="off"
          value={shares}
          onChange={(event) => setShares(wholeInput(event.target.value))}
          data-testid="bakas-shares"
        />
        <p className="bakas__price" aria-live="polite" data-testid="bakas-share-price">
          {priceProblem ? (
            <span className="field__error">{bakasMessage(priceProblem)}</span>
          ) : (
            <>
              {bt('create.sharePrice')}: <strong>{formatPeso(price ?? 0)}</strong>
            </>
          )}
        </p>
        <TextField
          label={bt('create.titleLabel')}
          hint={bt('create.titleHint')}
          maxLength={BAKAS_TITLE_MAX}
          autoComplete="off"
          value={title}
          error={titleError ?? undefined}
          onChange={(event) => setTitle(event.target.value)}
          data-testid="bakas-title"
        />
        <SelectField
          label={bt('create.fee')}
          options={feeOptions}
          value={fee}
          onChange={(event) => setFee(event.target.value)}
          data-testid="bakas-fee"
        />
        <p className="field__hint bakas__hint">{bt('create.feeHint')}</p>
        <fieldset className="bakas__choice">
          <legend className="field__label">{bt('create.shortfall')}</legend>
          {(['smaller', 'cancel'] as const).map((choice) => (
            <label key={choice} className="bakas__option">
              <input
                type="radio"
                name={shortfallName}
                value={choice}
                checked={shortfall === choice}
                onChange={() => setShortfall(choice)}
                data-testid={`bakas-shortfall-${choice}`}
              />
              <span>
                <strong>{bt(`create.${choice}`)}</strong>
                <span className="bakas__rule">
                  {bt(choice === 'smaller' ? 'create.smallerRule' : 'create.cancelRule')}
                </span>
              </span>
            </label>
          ))}
        </fieldset>
        <TextField
          label={bt('create.yourShares')}
          hint={bt('create.yourSharesHint')}
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete="off"
          value={own}
          error={ownProblem ? bakasMessage(ownProblem) : undefined}
          onChange={(event) => setOwn(wholeInput(event.target.value))}
          data-testid="bakas-own-shares"
        />
        {refusal ? (
          <div data-testid="bakas-create-refusal">
            <Alert tone="error">{refusal}</Alert>
          </div>
        ) : null}
        <Button
          type="submit"
          variant="primary"
          block
          busy={submission.isPending}
          disabled={cost <= 0}
          data-testid="bakas-create-submit"
        >
          {bt('create.submit')}
        </Button>
      </section>
    </form>
  );
}
