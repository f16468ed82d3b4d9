import { useState } from 'react';
import { LIST_SORT_DIRECTIONS, type StaffMember } from '@karera/shared';
import { Alert } from '../../../components/ui/index.ts';
import { DataTable, type Column } from '../../components/DataTable.tsx';
import { ManilaTime } from '../../components/ManilaTime.tsx';
import { PageHeading } from '../../components/PageHeading.tsx';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '../../components/QueryState.tsx';
import { useT, type BoT } from '../../i18n/useT.ts';
import { CreateStaffForm } from './CreateStaffForm.tsx';
import { useStaffQuery, useStaffTwoFactorQuery } from './staff.api.ts';
import { useStaff } from '../../lib/session.tsx';
import { choiceOf, useListParams, type TableSort } from '../../lib/listParams.ts';
import { TwoFactorReset } from './TwoFactorReset.tsx';
import { StaffAccessActions } from './StaffAccessActions.tsx';
import { StaffRequests } from './StaffRequests.tsx';
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
    { id: 'username', header: t('staff.colUsername'), rowHeader: true, sortFirst: 'asc', cell: (s) => s.username },
    { id: 'displayName', header: t('staff.colDisplayName'), sortFirst: 'asc', cell: (s) => s.displayName },
    { id: 'role', header: t('staff.colRole'), sortFirst: 'asc', cell: (s) => t(`roles.${s.role}`) },
    { id: 'referralCode', header: t('staff.colReferralCode'), cell: (s) => s.referralCode ?? t('common.none') },
    { id: 'mobile', header: t('staffAccess.colMobile'), cell: (s) => s.mobileNo ?? t('staffAccess.noMobile') },
    {
      id: 'parent',
      header: t('staff.colParent'),
      cell: (s) => (s.parentId === null ? t('common.none') : (byId.get(s.parentId)?.displayName ?? `#${s.parentId}`)),
    },
    { id: 'created', header: t('staff.colCreated'), sortFirst: 'desc', cell: (s) => <ManilaTime iso={s.createdAt} /> },
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
    {
      id: 'access',
      header: t('staffAccess.colAccess'),
      cell: (s) =>
        s.id === twoFactor.selfId ? (
          t('common.none')
        ) : (
          <StaffAccessActions member={s} enrolled={twoFactor.enabled.get(s.id) ?? false} onDone={twoFactor.onReset} />
        ),
    },
  ];
}

const STAFF_SORT_KEYS = ['username', 'displayName', 'role', 'created'] as const;
const STAFF_SORT_VALUE: Record<(typeof STAFF_SORT_KEYS)[number], (member: StaffMember) => string> = {
  username: (member) => member.username.toLowerCase(),
  displayName: (member) => member.displayName.toLowerCase(),
  role: (member) => member.role,
  created: (member) => member.createdAt,
};

/**
 * The staff list in the chosen order. The server answers the whole staff (a team, not an open-ended
 * list), so it is sorted here; the id keeps equal rows in a stable order.
 */
function sortedStaff(members: readonly StaffMember[], sort: TableSort | undefined): readonly StaffMember[] {
  const key = sort ? choiceOf(sort.key, STAFF_SORT_KEYS) : undefined;
  if (!sort || !key) return members;
  const value = STAFF_SORT_VALUE[key];
  const sign = sort.dir === 'asc' ? 1 : -1;
  return [...members].sort((a, b) => sign * (value(a).localeCompare(value(b), 'en') || a.id - b.id));
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
  // An agent's upline is a master agent or, for a sub-agent, an agent (decision 040).
  const masterAgents = members.filter((member) => member.role !== 'admin');
  const { params, update } = useListParams();
  const sortKey = choiceOf(params.get('sort'), STAFF_SORT_KEYS);
  const sort = sortKey ? { key: sortKey, dir: choiceOf(params.get('dir'), LIST_SORT_DIRECTIONS) ?? 'asc' } : undefined;

  return (
    <>
      <PageHeading title={t('staff.title')} />
      <StaffRequests />
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
              rows={sortedStaff(members, sort)}
              rowKey={(s) => s.id}
              sort={sort}
              onSortChange={(next) => update({ sort: next.key, dir: next.dir })}
            />
          )}
        </section>
      </div>
    </>
  );
}
