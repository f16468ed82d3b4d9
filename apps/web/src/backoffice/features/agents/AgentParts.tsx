import { useState } from 'react';
import { Link } from 'react-router';
import { formatPeso, type AgentNode } from '@karera/shared';
import { Alert, Button } from '../../../components/ui/index.ts';
import type { Column } from '../../components/DataTable.tsx';
import { errorText } from '../../lib/errors.ts';
import type { BoT } from '../../i18n/useT.ts';
import { useT } from '../../i18n/useT.ts';
import { newIdempotencyKey, usePayCommissionMutation } from './agents.api.ts';
import { rateText } from './agentFormat.ts';

/** Admins: pays the balance shown, after a confirmation; the key is drawn once per confirmation. */
export function PayButton({ agent, amount }: { agent: Pick<AgentNode, 'id' | 'displayName'>; amount: number }) {
  const t = useT();
  const pay = usePayCommissionMutation();
  const [key, setKey] = useState<string | null>(null);
  if (pay.isSuccess)
    return (
      <Alert tone="success">{t('agents.commission.paid_ok', { amount: formatPeso(pay.data.payout.amount) })}</Alert>
    );
  return (
    <div className="bo-agents-pay">
      {pay.isError ? <Alert tone="error">{errorText(t, pay.error)}</Alert> : null}
      {key ? (
        <>
          <p>{t('agents.commission.payConfirm', { amount: formatPeso(amount), name: agent.displayName })}</p>
          <Button busy={pay.isPending} onClick={() => pay.mutate({ agentId: agent.id, amount, key })}>
            {t('agents.commission.pay', { amount: formatPeso(amount) })}
          </Button>
        </>
      ) : (
        <Button variant="secondary" onClick={() => setKey(newIdempotencyKey())}>
          {t('agents.commission.pay', { amount: formatPeso(amount) })}
        </Button>
      )}
    </div>
  );
}

export function subAgentColumns(t: BoT): Column<AgentNode>[] {
  return [
    {
      id: 'name',
      header: t('agents.sub.col.name'),
      rowHeader: true,
      cell: (a) => (
        <div>
          <Link to={`/agents/${a.id}`} aria-label={t('agents.sub.open', { name: a.displayName })}>
            {a.displayName}
          </Link>
          <div className="bo-muted">
            {a.username} · {t(`roles.${a.role}`)}
          </div>
        </div>
      ),
    },
    { id: 'upline', header: t('agents.sub.col.upline'), cell: (a) => a.parentName ?? '' },
    { id: 'code', header: t('agents.sub.col.code'), cell: (a) => a.referralCode ?? '' },
    {
      id: 'rate',
      header: t('agents.sub.col.rate'),
      cell: (a) => (a.rate ? rateText(t, a.rate) : t('agents.commission.noRate')),
    },
    { id: 'players', header: t('agents.sub.col.players'), numeric: true, cell: (a) => a.players },
    {
      id: 'earned',
      header: t('agents.sub.col.earned'),
      numeric: true,
      nowrap: true,
      cell: (a) => formatPeso(a.commissionEarned),
    },
    {
      id: 'balance',
      header: t('agents.sub.col.balance'),
      numeric: true,
      nowrap: true,
      cell: (a) => formatPeso(a.commissionBalance),
    },
  ];
}
