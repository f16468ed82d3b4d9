import { AUDIT_SORTS, type AuditEntryView } from '@karera/shared';
import { Button, SelectField, TextField } from '../../../components/ui/index.ts';
import { DataTable, type Column } from '../../components/DataTable.tsx';
import { ManilaTime } from '../../components/ManilaTime.tsx';
import { PageHeading } from '../../components/PageHeading.tsx';
import { Pagination } from '../../components/Pagination.tsx';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '../../components/QueryState.tsx';
import { compactJson } from '../../lib/format.ts';
import { choiceOf, dayOf, idOf, useListParams } from '../../lib/listParams.ts';
import { useUrlSearch } from '../../lib/useUrlSearch.ts';
import { errorText } from '../../lib/errors.ts';
import { useT, type BoT } from '../../i18n/useT.ts';
import { useAuditQuery, useStaffChoicesQuery } from './audit.api.ts';
import { auditSentence, KNOWN_AUDIT_ACTIONS } from './auditSentence.ts';

function auditColumns(t: BoT): Column<AuditEntryView>[] {
  return [
    {
      id: 'date',
      header: t('audit.colDate'),
      nowrap: true,
      sortFirst: 'desc',
      cell: (e) => <ManilaTime iso={e.createdAt} />,
    },
    {
      id: 'what',
      header: t('audit.colWhat'),
      rowHeader: true,
      cell: (e) => <span className="bo-audit__sentence">{auditSentence(t, e)}</span>,
    },
    {
      id: 'details',
      header: t('audit.colDetails'),
      cell: (e) => (
        <details className="bo-audit__details">
          <summary>
            <code>{e.action}</code>
          </summary>
          <code className="bo-json">{compactJson(e.details)}</code>
        </details>
      ),
    },
    { id: 'ip', header: t('audit.colIp'), nowrap: true, cell: (e) => e.ip ?? t('common.none') },
    { id: 'id', header: t('audit.colId'), numeric: true, cell: (e) => e.id },
  ];
}

const auditSearch = (text: string) => text.trim().slice(0, 100);

/**
 * The audit log, a sentence per entry ("Admin ana scratched runner 4 Bagyo in Race 3 of 25 Nov") with
 * its raw data one click away; searched and filtered by the server (staff member, action, Manila days),
 * every filter in the address.
 */
export function AuditPage() {
  const t = useT();
  const { q, page, draft, setDraft, submit, goToPage } = useUrlSearch(auditSearch);
  const { params, update } = useListParams();
  const staffId = idOf(params.get('staffId'));
  const action = params.get('action') ?? undefined;
  const from = dayOf(params.get('from'));
  const to = dayOf(params.get('to'));
  const sort = choiceOf(params.get('sort'), AUDIT_SORTS) ?? 'newest';
  const audit = useAuditQuery({ page, q, staffId, action, from, to, sort });
  const staff = useStaffChoicesQuery();
  const filtered = Boolean(q || staffId || action || from || to || sort !== 'newest');

  return (
    <>
      <PageHeading title={t('audit.title')} />
      <form
        role="search"
        aria-label={t('audit.filters.label')}
        className="bo-filters bo-audit__filters"
        onSubmit={submit}
      >
        <TextField
          label={t('audit.filters.search')}
          hint={t('audit.filters.searchHint')}
          type="search"
          name="q"
          autoComplete="off"
          spellCheck={false}
          enterKeyHint="search"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
        />
        <SelectField
          label={t('audit.filters.staff')}
          value={staffId === undefined ? '' : String(staffId)}
          placeholder={t('audit.filters.anyStaff')}
          options={(staff.data?.staff ?? []).map((member) => ({
            value: String(member.id),
            label: `${member.displayName} (${member.username})`,
          }))}
          onChange={(event) => update({ staffId: event.target.value })}
        />
        <SelectField
          label={t('audit.filters.action')}
          value={action ?? ''}
          placeholder={t('audit.filters.anyAction')}
          options={[
            ...KNOWN_AUDIT_ACTIONS.map((known) => ({ value: known.action, label: t(known.label) })),
            // An action from a link that the list does not name still shows as chosen.
            ...(action && !KNOWN_AUDIT_ACTIONS.some((known) => known.action === action)
              ? [{ value: action, label: action }]
              : []),
          ]}
          onChange={(event) => update({ action: event.target.value })}
        />
        <TextField
          label={t('audit.filters.from')}
          type="date"
          value={from ?? ''}
          max={to}
          onChange={(event) => update({ from: event.target.value })}
        />
        <TextField
          label={t('audit.filters.to')}
          type="date"
          value={to ?? ''}
          min={from}
          onChange={(event) => update({ to: event.target.value })}
        />
        <SelectField
          label={t('audit.filters.sort')}
          value={sort}
          options={[
            { value: 'newest', label: t('audit.filters.newest') },
            { value: 'oldest', label: t('audit.filters.oldest') },
          ]}
          onChange={(event) => update({ sort: event.target.value === 'oldest' ? 'oldest' : null })}
        />
        <div className="bo-actions bo-filters__actions">
          <Button type="submit">{t('audit.filters.apply')}</Button>
          {filtered ? (
            <Button
              variant="secondary"
              onClick={() => {
                setDraft('');
                update({ q: null, staffId: null, action: null, from: null, to: null, sort: null });
              }}
            >
              {t('audit.filters.clear')}
            </Button>
          ) : null}
        </div>
      </form>
      {audit.isPending ? (
        <LoadingBlock />
      ) : audit.isError ? (
        <ErrorBlock error={audit.error} onRetry={() => void audit.refetch()} />
      ) : (
        <div aria-busy={audit.isPlaceholderData || undefined} className="bo-results">
          {audit.data.entries.length === 0 ? (
            <EmptyBlock text={t('audit.empty')} />
          ) : (
            <DataTable
              caption={t('audit.caption')}
              columns={auditColumns(t)}
              rows={audit.data.entries}
              rowKey={(e) => e.id}
              sort={{ key: 'date', dir: sort === 'oldest' ? 'asc' : 'desc' }}
              onSortChange={(next) => update({ sort: next.dir === 'asc' ? 'oldest' : null })}
            />
          )}
          {audit.data.total > 0 ? (
            <Pagination
              page={audit.data.page}
              pageSize={audit.data.pageSize}
              total={audit.data.total}
              busy={audit.isPlaceholderData}
              onPageChange={goToPage}
            />
          ) : null}
        </div>
      )}
      {staff.isError ? <p className="bo-muted">{errorText(t, staff.error)}</p> : null}
    </>
  );
}
