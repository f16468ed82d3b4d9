import type { StaffMember } from '@karera/shared';
import { DataTable, type Column } from '../../components/DataTable.tsx';
import { ManilaTime } from '../../components/ManilaTime.tsx';
import { PageHeading } from '../../components/PageHeading.tsx';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '../../components/QueryState.tsx';
import { useT, type BoT } from '../../i18n/useT.ts';
import { CreateStaffForm } from './CreateStaffForm.tsx';
import { useStaffQuery } from './staff.api.ts';

function staffColumns(t: BoT, byId: ReadonlyMap<number, StaffMember>): Column<StaffMember>[] {
  return [
    { id: 'username', header: t('staff.colUsername'), rowHeader: true, cell: (s) => s.username },
    { id: 'displayName', header: t('staff.colDisplayName'), cell: (s) => s.displayName },
    { id: 'role', header: t('staff.colRole'), cell: (s) => t(`roles.${s.role}`) },
    { id: 'referralCode', header: t('staff.colReferralCode'), cell: (s) => s.referralCode ?? t('common.none') },
    {
      id: 'parent',
      header: t('staff.colParent'),
      cell: (s) => (s.parentId === null ? t('common.none') : (byId.get(s.parentId)?.displayName ?? `#${s.parentId}`)),
    },
    { id: 'created', header: t('staff.colCreated'), cell: (s) => <ManilaTime iso={s.createdAt} /> },
  ];
}

export function StaffPage() {
  const t = useT();
  const staff = useStaffQuery();
  const members = staff.data?.staff ?? [];
  const byId = new Map(members.map((member) => [member.id, member]));
  const masterAgents = members.filter((member) => member.role === 'master_agent');

  return (
    <>
      <PageHeading title={t('staff.title')} />
      <div className="bo-two-column">
        <CreateStaffForm masterAgents={masterAgents} masterAgentsLoading={staff.isPending} />
        <section className="bo-section" aria-labelledby="bo-staff-list">
          <h2 id="bo-staff-list">{t('staff.listTitle')}</h2>
          {staff.isPending ? (
            <LoadingBlock />
          ) : staff.isError ? (
            <ErrorBlock error={staff.error} onRetry={() => void staff.refetch()} />
          ) : members.length === 0 ? (
            <EmptyBlock text={t('staff.empty')} />
          ) : (
            <DataTable
              caption={t('staff.caption')}
              columns={staffColumns(t, byId)}
              rows={members}
              rowKey={(s) => s.id}
            />
          )}
        </section>
      </div>
    </>
  );
}
