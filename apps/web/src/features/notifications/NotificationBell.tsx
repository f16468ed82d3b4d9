import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { inboxChangesIn, NotificationOperations, type InboxChangedMessage, type InboxNotice } from '@karera/shared';
import { callOperation } from '../../lib/callOperation.ts';
import { tapRealtimeFrames } from '../../lib/realtime.ts';
import { useSessionValue } from '../../lib/session/index.ts';
import { notificationQueryKeys, useUnreadCount } from './notificationsApi.ts';
import { useNotificationT } from './notificationI18n.ts';
import './notifications.css';

/** The notices worth a toast the moment they arrive: money back in the player's hands. */
const TOASTED_KINDS: ReadonlySet<string> = new Set(['ticket.won', 'ticket.refunded', 'bakas.won', 'bakas.refunded']);
const TOAST_MS = 8_000;

function BellIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path
        d="M12 3a6 6 0 0 0-6 6v3.6L4.3 15.5A1 1 0 0 0 5.2 17h13.6a1 1 0 0 0 .9-1.5L18 12.6V9a6 6 0 0 0-6-6zm-2 15a2 2 0 0 0 4 0"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * The header's bell (decision 055): the unread count, kept live by the socket's INBOX_CHANGED, opening /inbox.
 * When a ticket wins or is refunded, a toast says so at once.
 */
export function NotificationBell() {
  const nt = useNotificationT();
  const { i18n } = useTranslation();
  const language = i18n.language === 'fil' ? 'fil' : 'en';
  // The player id alone: a stored balance changing does not render the bell again.
  const playerId = Number(useSessionValue((session) => session.playerId));
  const queryClient = useQueryClient();
  const unread = useUnreadCount();
  const count = unread.data ?? 0;
  const [toast, setToast] = useState<InboxNotice | null>(null);
  const toasted = useRef(new Set<string>());

  useEffect(() => {
    const announce = (message: InboxChangedMessage) => {
      const before = queryClient.getQueryData<number>(notificationQueryKeys.unread);
      queryClient.setQueryData(notificationQueryKeys.unread, message.unread);
      void queryClient.invalidateQueries({ queryKey: [...notificationQueryKeys.all, 'inbox'] });
      // The count the socket sends on connecting, before the page's own read answered, toasts nothing: it is
      // not news, and the page has no count to compare it with.
      if (before === undefined || message.unread <= before) return;
      void callOperation(NotificationOperations.inbox, { query: 'page=1' })
        .then((page) => {
          const fresh = page.notices.find((n) => !n.read && TOASTED_KINDS.has(n.kind) && !toasted.current.has(n.id));
          if (!fresh) return;
          toasted.current.add(fresh.id);
          setToast(fresh);
        })
        .catch(() => undefined);
    };
    return tapRealtimeFrames((frame) => {
      for (const message of inboxChangesIn(frame)) {
        if (message.playerId !== playerId) continue;
        // A read of the count still in flight may have been answered before this change: it is cancelled, so
        // its older answer never replaces the socket's.
        void queryClient
          .cancelQueries({ queryKey: notificationQueryKeys.unread, exact: true })
          .then(() => announce(message));
      }
    });
  }, [playerId, queryClient]);

  useEffect(() => {
    if (!toast) return undefined;
    const timer = setTimeout(() => setToast(null), TOAST_MS);
    return () => clearTimeout(timer);
  }, [toast]);

  const label = count > 0 ? nt('bellUnread', { count }) : nt('bell');
  return (
    <>
      <Link to="/inbox" className="icon-button notification-bell" aria-label={label} data-testid="notification-bell">
        <BellIcon />
        {count > 0 ? (
          <span className="notification-bell__count" aria-hidden="true" data-testid="notification-count">
            {count > 99 ? '99+' : count}
          </span>
        ) : null}
      </Link>
      <div className="notification-toast-region" role="status" aria-live="polite">
        {toast ? (
          <div className="notification-toast" data-testid="notification-toast">
            <p className="notification-toast__title">{toast[language].title}</p>
            <p className="notification-toast__body">{toast[language].body}</p>
            <div className="notification-toast__actions">
              <Link to={toast.linkPath} className="btn btn--primary btn--sm" onClick={() => setToast(null)}>
                {nt('toast.view')}
              </Link>
              <button type="button" className="btn btn--secondary btn--sm" onClick={() => setToast(null)}>
                {nt('toast.close')}
              </button>
            </div>
          </div>
        ) : null}
      </div>
    </>
  );
}
