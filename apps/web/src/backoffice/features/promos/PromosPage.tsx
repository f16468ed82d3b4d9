import { useId, useState } from 'react';
import { Link } from 'react-router';
import { formatPeso, type BackofficePromo } from '@karera/shared';
import { DataTable, type Column } from '../../components/DataTable.tsx';
import { PageHeading } from '../../components/PageHeading.tsx';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '../../components/QueryState.tsx';
import { useT, type BoT } from '../../i18n/useT.ts';
import { PromoForm } from './PromoForm.tsx';
import { ActiveBadge, AwaitingApprovalNote, countText, PauseButton } from './PromoStatus.tsx';
import { newPromoDraft } from './promoForm.ts';
import { usePromosQuery, useSavePromoMutation } from './promos.api.ts';
import './promos.css';

function promoColumns(t: BoT): Column<BackofficePromo>[] {
  return [
    {
      id: 'code',
      header: t('promos.col.code'),
      rowHeader: true,
      cell: (p) => (
        <>
          <Link to={`/promos/${p.id}`}>{p.promoCode}</Link>
          {p.codeOnly ? (
            <>
              {' '}
              <span className="bo-status">{t('promos.codeOnly')}</span>
            </>
          ) : null}
        </>
      ),
    },
    { id: 'name', header: t('promos.col.name'), cell: (p) => p.name },
    {
      id: 'active',
      header: t('promos.col.active'),
      cell: (p) => (
        <div className="bo-promo-state">
          <ActiveBadge promo={p} />
          <AwaitingApprovalNote promo={p} />
          <PauseButton promo={p} />
        </div>
      ),
    },
    { id: 'kind', header: t('promos.col.kind'), nowrap: true, cell: (p) => t(`promos.kinds.${p.kind}`) },
    { id: 'creditTo', header: t('promos.col.creditTo'), nowrap: true, cell: (p) => t(`promos.creditTo.${p.creditTo}`) },
    { id: 'remaining', header: t('promos.col.remaining'), numeric: true, cell: (p) => countText(t, p.remaining) },
    {
      id: 'perPlayer',
      header: t('promos.col.perPlayer'),
      numeric: true,
      cell: (p) => countText(t, p.perPlayerLimit),
    },
    { id: 'claims', header: t('promos.col.claims'), numeric: true, cell: (p) => p.claims },
    { id: 'granted', header: t('promos.col.granted'), numeric: true, cell: (p) => formatPeso(p.granted) },
    { id: 'rebatesPaid', header: t('promos.col.rebatesPaid'), numeric: true, cell: (p) => formatPeso(p.rebatesPaid) },
  ];
}

/** Admin: every promo with its claims and what it has paid, pause and resume, and a form to add one. */
export function PromosPage() {
  const t = useT();
  const listId = useId();
  const createId = useId();
  const promos = usePromosQuery();
  const create = useSavePromoMutation(null);
  const [initial] = useState(() => newPromoDraft());

  return (
    <>
      <PageHeading title={t('promos.title')} />
      <p className="bo-muted">{t('promos.intro')}</p>
      <div className="bo-promos-layout">
        <section className="bo-section" aria-labelledby={listId}>
          <h2 id={listId}>{t('promos.listTitle')}</h2>
          {promos.isPending ? (
            <LoadingBlock />
          ) : promos.isError ? (
            <ErrorBlock error={promos.error} onRetry={() => void promos.refetch()} />
          ) : promos.data.promos.length === 0 ? (
            <EmptyBlock text={t('promos.empty')} />
          ) : (
            <DataTable
              caption={t('promos.caption')}
              columns={promoColumns(t)}
              rows={promos.data.promos}
              rowKey={(p) => p.id}
            />
          )}
        </section>
        <section className="card bo-section" aria-labelledby={createId}>
          <h2 id={createId}>{t('promos.createTitle')}</h2>
          <PromoForm
            initial={initial}
            mutation={create}
            submitLabel={t('promos.create')}
            resetAfterSave
            testId="promo-create-form"
            onSaved={({ promo, approvalRequest, statusMessage }) => (
              <>
                {t('promos.created', { code: promo.promoCode })}{' '}
                {/* A promo that needs a second admin is saved not live: the server's words say so. */}
                {approvalRequest ? <>{statusMessage} </> : null}
                <Link to={`/promos/${promo.id}`}>{t('promos.openCreated')}</Link>
              </>
            )}
          />
        </section>
      </div>
    </>
  );
}
