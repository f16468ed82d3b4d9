import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatManilaDateTime, type InboxNotice } from '@karera/shared';
import { Alert, Button, Page, Spinner } from '../../components/ui/index.ts';
import { useRouteTitle } from '../../lib/useRouteTitle.ts';
import { useInbox, useMarkRead } from './notificationsApi.ts';
import { useNotificationT } from './notificationI18n.ts';
import './notifications.css';

/**
 * The inbox (/inbox, decision 055): the player's notices, newest first, a page at a time; each opens its screen
 * (the ticket, the payment, the race) and is marked read on the way.
 */
export function InboxPage() {
  const title = useRouteTitle();
  const nt = useNotificationT();
  const { i18n } = useTranslation();
  const language = i18n.language === 'fil' ? 'fil' : 'en';
  const [page, setPage] = useState(1);
  const inbox = useInbox(page);
  const markRead = useMarkRead();
  const pages = inbox.data ? Math.max(1, Math.ceil(inbox.data.total / inbox.data.pageSize)) : 1;
  const open = (notice: InboxNotice) => {
    if (!notice.read) markRead.mutate([notice.id]);
  };

  return (
    <Page title={title} className="page--narrow" testId="inbox-page">
      <div className="inbox__toolbar">
        <Link to="/account#notification-settings">{nt('inbox.settings')}</Link>
        {inbox.data && inbox.data.unread > 0 ? (
          <Button variant="secondary" onClick={() => markRead.mutate('all')} disabled={markRead.isPending}>
            {nt('inbox.markAll')}
          </Button>
        ) : null}
      </div>
      {inbox.isPending ? <Spinner label={nt('inbox.loading')} /> : null}
      {inbox.isError ? (
        <Alert tone="error">
          {nt('inbox.error')}{' '}
          <Button variant="secondary" onClick={() => void inbox.refetch()}>
            {nt('inbox.retry')}
          </Button>
        </Alert>
      ) : null}
      {inbox.data && inbox.data.notices.length === 0 ? <p data-testid="inbox-empty">{nt('inbox.empty')}</p> : null}
      {inbox.data && inbox.data.notices.length > 0 ? (
        <ul className="inbox__list" aria-label={nt('inbox.listLabel')} data-testid="inbox-list">
          {inbox.data.notices.map((notice) => (
            <li key={notice.id}>
              <Link
                to={notice.linkPath}
                className="inbox__item"
                data-unread={notice.read ? 'false' : 'true'}
                data-kind={notice.kind}
                onClick={() => open(notice)}
              >
                <p className="inbox__title">
                  {notice.read ? null : <span className="visually-hidden">{nt('inbox.unread')}: </span>}
                  {notice[language].title}
                </p>
                <p className="inbox__body">{notice[language].body}</p>
                <span className="inbox__meta">{formatManilaDateTime(notice.createdAt)}</span>
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      {pages > 1 ? (
        <nav className="inbox__pager" aria-label={nt('inbox.listLabel')}>
          <Button variant="secondary" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            {nt('inbox.previous')}
          </Button>
          <span>{nt('inbox.page', { page, pages })}</span>
          <Button variant="secondary" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
            {nt('inbox.next')}
          </Button>
        </nav>
      ) : null}
    </Page>
  );
}
