import { Link } from 'react-router';
import type { DualControlRequestView } from '@karera/shared';
import { Alert } from '../../components/ui/index.ts';
import { useT } from '../i18n/useT.ts';

/** What changes, as the proposer's change described it: each field before and after. */
export function ChangeSummary({ request }: { request: DualControlRequestView }) {
  const t = useT();
  return (
    // On a phone each row is a card, every value labelled (data-label) as the DataTable does.
    <table className="bo-table bo-change-summary">
      <caption>{request.summary.title}</caption>
      <thead>
        <tr>
          <th scope="col">{t('approvals.field')}</th>
          <th scope="col">{t('approvals.before')}</th>
          <th scope="col">{t('approvals.after')}</th>
        </tr>
      </thead>
      <tbody>
        {request.summary.changes.map((change) => (
          <tr key={change.label}>
            <th scope="row" data-label={t('approvals.field')}>
              {change.label}
            </th>
            <td data-label={t('approvals.before')}>{change.before ?? '—'}</td>
            <td data-label={t('approvals.after')}>{change.after}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A settings form's proposals still waiting for a second admin (decision 045), with what they change. */
export function PendingProposals({ requests }: { requests: DualControlRequestView[] | undefined }) {
  const t = useT();
  if (!requests || requests.length === 0) return null;
  return (
    <div data-testid="pending-proposals">
      {requests.map((request) => (
        <Alert key={request.id} tone="info">
          <p>
            {t('approvals.waiting', { title: request.summary.title })}{' '}
            {t('approvals.proposedBy', { name: request.proposedBy.displayName, username: request.proposedBy.username })}
            . <Link to="/approvals">{t('approvals.title')}</Link>
          </p>
          <ChangeSummary request={request} />
        </Alert>
      ))}
    </div>
  );
}
