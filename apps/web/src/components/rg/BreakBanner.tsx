import { Suspense } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { rgStatusQuery } from '../../lib/rgStatus.ts';
import { breakNoticeOf, type BreakNotice } from './breakBanner.ts';
import { useBreakBannerT } from './breakBannerTexts.ts';
import './breakBanner.css';

/**
 * A cool-off, self-exclusion or the operator's exclusion, with its end (Manila time), where betting,
 * deposits and promos are (/live, /payment, /promo): the server's responsible-gaming status, read again
 * whenever the screen opens. Nothing shows without a break.
 */
export function BreakBanner() {
  const status = useQuery({ ...rgStatusQuery, staleTime: 0 });
  const notice = breakNoticeOf(status.data?.exclusion, Date.now());
  if (!notice) return null;
  // Its texts load with it (Filipino on demand): the screen around it never waits for them.
  return (
    <Suspense fallback={null}>
      <BreakNoticeView notice={notice} />
    </Suspense>
  );
}

function BreakNoticeView({ notice }: { notice: NonNullable<BreakNotice> }) {
  const t = useBreakBannerT();
  return (
    <div className="break-banner" role="status" data-testid="break-banner">
      <p className="break-banner__text">
        {notice.kind === 'operator' ? t('operator') : t(notice.kind, { date: notice.until })}
      </p>
      <Link to="/responsiblegaming" className="break-banner__link">
        {t('link')}
      </Link>
    </div>
  );
}
