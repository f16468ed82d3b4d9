import { useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import { formatPeso, type BackofficePromo, type BackofficePromoClaim } from '@karera/shared';
import { Button } from '../../../components/ui/index.ts';
import { DataTable, type Column } from '../../components/DataTable.tsx';
import { ManilaTime } from '../../components/ManilaTime.tsx';
import { FieldRow } from '../../components/FieldRow.tsx';
import { EmptyBlock } from '../../components/QueryState.tsx';
import { RecordNotFound, RecordPage } from '../../components/RecordPage.tsx';
import { formatManilaDateTime } from '../../lib/format.ts';
import { parseId } from '../../lib/raceCard.ts';
import { useT, type BoT } from '../../i18n/useT.ts';
import { PromoForm } from './PromoForm.tsx';
import { percentText, promoDraftOf } from './promoForm.ts';
import { usePromoQuery, useSavePromoMutation } from './promos.api.ts';
import { ActiveBadge, AwaitingApprovalNote, countText, PauseButton } from './PromoStatus.tsx';
import './promos.css';

/** Admin: one promo's definition (edit, pause, resume) and its claims. */
export function PromoDetailPage() {
  const t = useT();
  const promoId = parseId(useParams().promoId);
  if (promoId === null) {
    return <RecordNotFound title={t('promos.detail.invalid')} backTo="/promos" backLabel={t('promos.detail.back')} />;
  }
  return <PromoScreen key={promoId} promoId={promoId} />;
}

function PromoScreen({ promoId }: { promoId: number }) {
  const t = useT();
  const detail = usePromoQuery(promoId);
  return (
    <RecordPage
      title={t('promos.title')}
      recordTitle={({ promo }) => `${promo.promoCode} · ${promo.name}`}
      className="bo-race-layout"
      backTo="/promos"
      backLabel={t('promos.detail.back')}
      query={detail}
    >
      {({ promo, claims }) => (
        <>
          <PromoDetails promo={promo} />
          <ClaimList claims={claims} />
        </>
      )}
    </RecordPage>
  );
}

function claimColumns(t: BoT): Column<BackofficePromoClaim>[] {
  return [
    {
      id: 'player',
      header: t('promos.detail.player'),
      rowHeader: true,
      cell: (c) => <Link to={`/players/${c.playerId}`}>{c.playerName || `#${c.playerId}`}</Link>,
    },
    { id: 'mobile', header: t('promos.detail.mobile'), nowrap: true, cell: (c) => c.mobileNo },
    {
      id: 'claimDate',
      header: t('promos.detail.claimDate'),
      nowrap: true,
      cell: (c) => <ManilaTime iso={c.claimDate} />,
    },
    {
      id: 'expiryDate',
      header: t('promos.detail.expiryDate'),
      nowrap: true,
      cell: (c) => (c.expiryDate === null ? t('promos.detail.noExpiry') : <ManilaTime iso={c.expiryDate} />),
    },
    { id: 'status', header: t('promos.detail.status'), cell: (c) => t(`promos.detail.statuses.${c.status}`) },
    { id: 'reward', header: t('promos.detail.rewardPaid'), numeric: true, cell: (c) => formatPeso(c.reward) },
    { id: 'rebates', header: t('promos.detail.rebates'), numeric: true, cell: (c) => formatPeso(c.rebates) },
  ];
}

function ClaimList({ claims }: { claims: BackofficePromoClaim[] }) {
  const t = useT();
  const headingId = useId();
  return (
    <section className="bo-section bo-promo-claims" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('promos.detail.claimsTitle')}</h2>
      {claims.length === 0 ? (
        <EmptyBlock text={t('promos.detail.noClaims')} />
      ) : (
        <DataTable
          caption={t('promos.detail.claimsCaption')}
          columns={claimColumns(t)}
          rows={claims}
          rowKey={(c) => c.id}
        />
      )}
    </section>
  );
}

function rewardOf(t: BoT, promo: BackofficePromo): string {
  if (promo.kind === 'fixed') return formatPeso(promo.rewardAmount);
  const rate = `${percentText(promo.rateBasisPoints)}%`;
  if (promo.kind === 'rebate') return rate;
  return `${rate} · ${t('promos.detail.cap')} ${promo.rewardCap > 0 ? formatPeso(promo.rewardCap) : t('promos.detail.noCap')}`;
}

function PromoDetails({ promo }: { promo: BackofficePromo }) {
  const t = useT();
  const headingId = useId();
  const editId = useId();
  const [editing, setEditing] = useState(false);
  const update = useSavePromoMutation(promo.id);

  /** Back to the details; after a save the mutation's success stays to say so. */
  function stopEditing(saved: boolean) {
    setEditing(false);
    if (!saved) update.reset();
    requestAnimationFrame(() => document.getElementById(editId)?.focus());
  }

  return (
    <section className="card bo-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{editing ? t('promos.detail.edit') : t('promos.detail.details')}</h2>
      {editing ? (
        <PromoForm
          initial={promoDraftOf(promo)}
          mutation={update}
          submitLabel={t('promos.form.save')}
          resetAfterSave={false}
          testId="promo-edit-form"
          rewardLocked={promo.claims > 0}
          onSaved={() => {
            stopEditing(true);
            return null;
          }}
          onCancel={() => stopEditing(false)}
        />
      ) : (
        <>
          {update.isSuccess ? (
            <p className="bo-saved" role="status">
              {update.data.approvalRequest ? update.data.statusMessage : t('promos.form.saved')}
            </p>
          ) : null}
          <dl className="bo-fields" data-testid="promo-details">
            <FieldRow label={t('promos.col.active')}>
              <ActiveBadge promo={promo} />
              <AwaitingApprovalNote promo={promo} />
            </FieldRow>
            <FieldRow label={t('promos.detail.description')}>{promo.description}</FieldRow>
            <FieldRow label={t('promos.col.kind')}>{t(`promos.kinds.${promo.kind}`)}</FieldRow>
            <FieldRow label={t('promos.detail.reward')}>{rewardOf(t, promo)}</FieldRow>
            <FieldRow label={t('promos.col.creditTo')}>{t(`promos.creditTo.${promo.creditTo}`)}</FieldRow>
            <FieldRow label={t('promos.col.remaining')}>{countText(t, promo.remaining)}</FieldRow>
            <FieldRow label={t('promos.col.perPlayer')}>{countText(t, promo.perPlayerLimit)}</FieldRow>
            <FieldRow label={t('promos.detail.dailyDeposit')}>
              {promo.dailyDepositReq > 0 ? formatPeso(promo.dailyDepositReq) : t('promos.detail.none')}
            </FieldRow>
            <FieldRow label={t('promos.detail.accountDays')}>
              {promo.accountDaysReq > 0
                ? t('promos.detail.days', { count: promo.accountDaysReq })
                : t('promos.detail.none')}
            </FieldRow>
            <FieldRow label={t('promos.detail.duration')}>
              {promo.validityInHours > 0
                ? t('promos.detail.hours', { count: promo.validityInHours })
                : t('promos.detail.noExpiry')}
            </FieldRow>
            <FieldRow label={t('promos.detail.window')}>
              {promo.endsAt === null
                ? t('promos.detail.from', { start: formatManilaDateTime(promo.startsAt) })
                : t('promos.detail.fromTo', {
                    start: formatManilaDateTime(promo.startsAt),
                    end: formatManilaDateTime(promo.endsAt),
                  })}
            </FieldRow>
            <FieldRow label={t('promos.detail.listed')}>
              {promo.codeOnly ? t('promos.detail.listedNo') : t('promos.detail.listedYes')}
            </FieldRow>
            <FieldRow label={t('promos.col.claims')}>{promo.claims}</FieldRow>
            <FieldRow label={t('promos.col.granted')}>{formatPeso(promo.granted)}</FieldRow>
            <FieldRow label={t('promos.col.rebatesPaid')}>{formatPeso(promo.rebatesPaid)}</FieldRow>
            <FieldRow label={t('promos.detail.created')}>
              <ManilaTime iso={promo.createdAt} />
            </FieldRow>
          </dl>
          <div className="bo-actions">
            <Button id={editId} variant="secondary" onClick={() => setEditing(true)}>
              {t('promos.detail.editButton')}
            </Button>
            <PauseButton promo={promo} />
          </div>
        </>
      )}
    </section>
  );
}
