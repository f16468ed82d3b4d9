import { useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import {
  COMMISSION_PERIODS,
  formatPeso,
  type AgentNode,
  type AgentOverviewResponse,
  type AgentPlayerRow,
  type CommissionPeriod,
} from '@karera/shared';
import { Button, SelectField } from '../../../components/ui/index.ts';
import { DataTable, type Column } from '../../components/DataTable.tsx';
import { ManilaTime } from '../../components/ManilaTime.tsx';
import { PageHeading } from '../../components/PageHeading.tsx';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '../../components/QueryState.tsx';
import { useStaff } from '../../lib/session.tsx';
import { useT, type BoT } from '../../i18n/useT.ts';
import { useAgentOverviewQuery } from './agents.api.ts';
import { PayButton, subAgentColumns } from './AgentParts.tsx';
import { AgentNetworkPage } from './AgentNetworkPage.tsx';
import { CreateSubAgentForm, SetRateForm } from './AgentForms.tsx';
import { rateText } from './agentFormat.ts';
import './agents.css';

function isPeriod(value: string): value is CommissionPeriod {
  return COMMISSION_PERIODS.some((period) => period === value);
}

/**
 * /agents: an agent's or master agent's own dashboard (an admin sees the whole network instead);
 * /agents/:agentId: the dashboard of an agent of the caller's subtree.
 */
export function AgentDashboardPage() {
  const staff = useStaff();
  const { agentId } = useParams();
  const id = agentId ? Number(agentId) : staff.role === 'admin' ? null : staff.id;
  if (id === null) return <AgentNetworkPage />;
  return <AgentDashboard agentId={id} own={id === staff.id} />;
}

function AgentDashboard({ agentId, own }: { agentId: number; own: boolean }) {
  const t = useT();
  const staff = useStaff();
  const [period, setPeriod] = useState<CommissionPeriod>('day');
  const overview = useAgentOverviewQuery(agentId, period);
  if (overview.isPending) return <LoadingBlock />;
  if (overview.isError) return <ErrorBlock error={overview.error} onRetry={() => void overview.refetch()} />;
  const data = overview.data;
  return (
    <>
      {own ? null : (
        <Link to="/agents" className="bo-back">
          {t('agents.back')}
        </Link>
      )}
      <PageHeading title={own ? t('agents.title') : t('agents.titleOf', { name: data.agent.displayName })} />
      <p className="bo-muted">
        {t('agents.roleLine', {
          role: t(`roles.${data.agent.role}`),
          parent: data.agent.parentName ?? t('agents.noUpline'),
        })}
      </p>
      <div className="bo-agents-top">
        <ReferralCard referral={data.referral} />
        <CommissionCard data={data} period={period} onPeriod={setPeriod} />
      </div>
      <PlayersSection t={t} players={data.players} />
      <SubAgentsSection t={t} agent={data.agent} subAgents={data.subAgents} />
      <div className="bo-agents-forms">
        <CreateSubAgentForm uplines={[data.agent, ...data.subAgents]} />
        {/* Only an admin, or someone with a rate of their own, may give a downline one (decision 040). */}
        {data.subAgents.length > 0 && (staff.role === 'admin' || !own || data.agent.rate) ? (
          <SetRateForm agents={data.subAgents} />
        ) : null}
      </div>
    </>
  );
}

function ReferralCard({ referral }: { referral: AgentOverviewResponse['referral'] }) {
  const t = useT();
  const headingId = useId();
  const [copied, setCopied] = useState(false);
  return (
    <section className="card bo-section bo-agents-referral" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('agents.referral.title')}</h2>
      {referral ? (
        <>
          <p className="bo-muted">{t('agents.referral.intro')}</p>
          <img
            className="bo-agents-referral__qr"
            src={referral.qrCode}
            alt={t('agents.referral.qrAlt', { link: referral.link })}
            width={176}
            height={176}
            data-testid="referral-qr"
          />
          <p className="bo-agents-referral__link">
            <span className="bo-muted">{t('agents.referral.link')}: </span>
            <a href={referral.link} data-testid="referral-link">
              {referral.link}
            </a>
          </p>
          <Button
            variant="secondary"
            onClick={() => {
              void navigator.clipboard?.writeText(referral.link).then(() => setCopied(true));
            }}
          >
            {t('agents.referral.copy')}
          </Button>
          {copied ? (
            <p role="status" className="bo-muted">
              {t('agents.referral.copied')}
            </p>
          ) : null}
        </>
      ) : (
        <p>{t('agents.referral.none')}</p>
      )}
    </section>
  );
}

function CommissionCard({
  data,
  period,
  onPeriod,
}: {
  data: AgentOverviewResponse;
  period: CommissionPeriod;
  onPeriod: (period: CommissionPeriod) => void;
}) {
  const t = useT();
  const staff = useStaff();
  const headingId = useId();
  const { commission, agent } = data;
  const figures: [string, number][] = [
    [t('agents.commission.earned'), commission.earned],
    [t('agents.commission.paid'), commission.paid],
    [t('agents.commission.balance'), commission.balance],
  ];
  return (
    <section className="card bo-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('agents.commission.title')}</h2>
      <p>
        <span className="bo-muted">{t('agents.commission.rate')}: </span>
        {agent.rate ? rateText(t, agent.rate) : t('agents.commission.noRate')}
      </p>
      <dl className="bo-balances">
        {figures.map(([label, amount]) => (
          <div key={label} className="bo-balances__item">
            <dt>{label}</dt>
            <dd>{formatPeso(amount)}</dd>
          </div>
        ))}
      </dl>
      {staff.role === 'admin' && commission.balance > 0 ? (
        <PayButton agent={agent} amount={commission.balance} />
      ) : null}
      <div className="bo-agents-period">
        <SelectField
          label={t('agents.commission.period')}
          value={period}
          options={COMMISSION_PERIODS.map((value) => ({ value, label: t(`agents.commission.periods.${value}`) }))}
          onChange={(event) => {
            if (isPeriod(event.target.value)) onPeriod(event.target.value);
          }}
        />
      </div>
      {data.periods.length === 0 ? (
        <p className="bo-muted">{t('agents.commission.none')}</p>
      ) : (
        <DataTable
          caption={t('agents.commission.periodCaption')}
          columns={[
            { id: 'period', header: t('agents.commission.periodCol'), rowHeader: true, cell: (p) => p.period },
            {
              id: 'earned',
              header: t('agents.commission.earnedCol'),
              numeric: true,
              cell: (p) => formatPeso(p.earned),
            },
          ]}
          rows={data.periods}
          rowKey={(p) => p.period}
        />
      )}
    </section>
  );
}

function playerColumns(t: BoT): Column<AgentPlayerRow>[] {
  const money = (id: string, header: string, value: (p: AgentPlayerRow) => number): Column<AgentPlayerRow> => ({
    id,
    header,
    numeric: true,
    nowrap: true,
    cell: (p) => formatPeso(value(p)),
  });
  return [
    {
      id: 'name',
      header: t('agents.players.col.name'),
      rowHeader: true,
      cell: (p) => (
        <div>
          <Link to={`/players/${p.playerId}`}>{p.name}</Link>
          <div className="bo-muted">{p.mobileNo}</div>
        </div>
      ),
    },
    { id: 'agent', header: t('agents.players.col.agent'), cell: (p) => p.agentName ?? '' },
    money('deposits', t('agents.players.col.deposits'), (p) => p.deposits),
    money('withdrawals', t('agents.players.col.withdrawals'), (p) => p.withdrawals),
    money('turnover', t('agents.players.col.turnover'), (p) => p.turnover),
    money('net', t('agents.players.col.net'), (p) => p.netResult),
    {
      id: 'last',
      header: t('agents.players.col.last'),
      nowrap: true,
      cell: (p) => (p.lastActivity ? <ManilaTime iso={p.lastActivity} /> : t('agents.players.never')),
    },
  ];
}

function PlayersSection({ t, players }: { t: BoT; players: AgentPlayerRow[] }) {
  const headingId = useId();
  return (
    <section className="bo-section" aria-labelledby={headingId} data-testid="agent-players">
      <h2 id={headingId}>{t('agents.players.title')}</h2>
      {players.length === 0 ? (
        <EmptyBlock text={t('agents.players.none')} />
      ) : (
        <DataTable
          caption={t('agents.players.caption')}
          columns={playerColumns(t)}
          rows={players}
          rowKey={(p) => p.playerId}
        />
      )}
    </section>
  );
}

function SubAgentsSection({ t, agent, subAgents }: { t: BoT; agent: AgentNode; subAgents: AgentNode[] }) {
  const headingId = useId();
  return (
    <section className="bo-section" aria-labelledby={headingId} data-testid="agent-subagents">
      <h2 id={headingId}>{t('agents.sub.title')}</h2>
      {subAgents.length === 0 ? (
        <EmptyBlock text={t('agents.sub.none')} />
      ) : (
        <DataTable
          caption={t('agents.sub.caption', { name: agent.displayName })}
          columns={subAgentColumns(t)}
          rows={subAgents}
          rowKey={(a) => a.id}
        />
      )}
    </section>
  );
}
