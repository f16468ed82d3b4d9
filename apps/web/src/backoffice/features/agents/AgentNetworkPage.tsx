import { useT } from '../../i18n/useT.ts';
import { DataTable } from '../../components/DataTable.tsx';
import { PageHeading } from '../../components/PageHeading.tsx';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '../../components/QueryState.tsx';
import { useAgentNetworkQuery } from './agents.api.ts';
import { CreateSubAgentForm, SetRateForm } from './AgentForms.tsx';
import { PayButton, subAgentColumns } from './AgentParts.tsx';

/** Admins: every master agent and agent, with rates and commission to pay; new agents and rates. */
export function AgentNetworkPage() {
  const t = useT();
  const network = useAgentNetworkQuery();
  return (
    <>
      <PageHeading title={t('agents.networkTitle')} />
      {network.isPending ? (
        <LoadingBlock />
      ) : network.isError ? (
        <ErrorBlock error={network.error} onRetry={() => void network.refetch()} />
      ) : network.data.agents.length === 0 ? (
        <EmptyBlock text={t('agents.sub.none')} />
      ) : (
        <>
          <DataTable
            caption={t('agents.networkTitle')}
            columns={[
              ...subAgentColumns(t),
              {
                id: 'pay',
                header: t('agents.commission.payColumn'),
                cell: (a) => (a.commissionBalance > 0 ? <PayButton agent={a} amount={a.commissionBalance} /> : null),
              },
            ]}
            rows={network.data.agents}
            rowKey={(a) => a.id}
          />
          <div className="bo-agents-forms">
            <CreateSubAgentForm uplines={network.data.agents} />
            <SetRateForm agents={network.data.agents} />
          </div>
        </>
      )}
    </>
  );
}
