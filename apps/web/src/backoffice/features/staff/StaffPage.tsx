import { useState } from 'react';
import type { StaffMember } from '@karera/shared';
import { Alert } from '../../../components/ui/index.ts';
import { DataTable, type Column } from '../../components/DataTable.tsx';
import { ManilaTime } from '../../components/ManilaTime.tsx';
import { PageHeading } from '../../components/PageHeading.tsx';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '../../components/QueryState.tsx';
import { useT, type BoT } from '../../i18n/useT.ts';
import { CreateStaffForm } from './CreateStaffForm.tsx';
import { useStaffQuery, useStaffTwoFactorQuery } from './staff.api.ts';
import { useStaff } from '../../lib/session.tsx';
import { TwoFactorReset } from './TwoFactorReset.tsx';
import './staff.css';

interface TwoFactorColumn {
  enabled: ReadonlyMap<number, boolean>;
  selfId: number;
  onReset: (message: string) => void;
}

function staffColumns(
  t: BoT,
  byId: ReadonlyMap<number, StaffMember>,
  twoFactor: TwoFactorColumn,
): Column<StaffMember>[] {
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
    {
      id: 'twoFactor',
      header: t('security.staff.colTwoFactor'),
      cell: (s) => (
        <span className="bo-staff-two-factor">
          {twoFactor.enabled.get(s.id) ? t('security.staff.on') : t('security.staff.off')}
          {twoFactor.enabled.get(s.id) && s.id !== twoFactor.selfId ? (
            <TwoFactorReset member={s} onDone={twoFactor.onReset} />
          ) : null}
        </span>
      ),
    },
  ];
}

export function StaffPage() {
  const t = useT();
  const self = useStaff();
  const staff = useStaffQuery();
  const twoFactor = useStaffTwoFactorQuery();
  const [notice, setNotice] = useState<string | null>(null);
  const enabled = new Map((twoFactor.data?.staff ?? []).map((row) => [row.staffId, row.twoFactorEnabled]));
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
          <div aria-live="polite">{notice ? <Alert tone="success">{notice}</Alert> : null}</div>
          {staff.isPending ? (
            <LoadingBlock />
          ) : staff.isError ? (
            <ErrorBlock error={staff.error} onRetry={() => void staff.refetch()} />
          ) : members.length === 0 ? (
            <EmptyBlock text={t('staff.empty')} />
          ) : (
            <DataTable
              caption={t('staff.caption')}
              columns={staffColumns(t, byId, { enabled, selfId: self.id, onReset: setNotice })}
              rows={members}
              rowKey={(s) => s.id}
            />
          )}
        </section>
      </div>
    </>
  );
}
