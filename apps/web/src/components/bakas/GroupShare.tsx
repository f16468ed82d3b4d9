import { Link } from 'react-router';
import { formatPeso, type BakasShareOfTicket } from '@karera/shared';
import { pageTranslator } from '../../i18n/pageTexts.ts';
import { groupShareTexts } from './groupShareTexts.ts';
import './groupShare.css';

const useGroupShareT = pageTranslator('groupShare', groupShareTexts, () =>
  import('./groupShareTexts.fil.ts').then((module) => module.groupShareTextsFil),
);

/**
 * A member's part of a group ticket (bakas, decision 056) on the group's ticket in their bet history and the
 * live screen's tickets: marked as a group ticket with its title (a link to its page), their shares, the stake
 * that rode for them and their payout once settled, the server's figures.
 */
export function GroupShare({ share }: { share: BakasShareOfTicket }) {
  const gt = useGroupShareT();
  return (
    <div className="group-share" data-testid="group-share">
      <p className="group-share__tag">
        <span className="badge group-share__badge">{gt('tag')}</span>{' '}
        <Link to={`/bakas/${share.code}`} aria-label={gt('open', { title: share.title })}>
          {share.title}
        </Link>
      </p>
      <dl className="group-share__figures">
        <div>
          <dt>{gt('shares')}</dt>
          <dd>{gt('sharesValue', { shares: share.shares, total: share.totalShares })}</dd>
        </div>
        <div>
          <dt>{gt('stake')}</dt>
          <dd data-testid="group-share-stake">{formatPeso(share.stake)}</dd>
        </div>
        {share.payout !== null ? (
          <div>
            <dt>{gt('payout')}</dt>
            <dd data-testid="group-share-payout">{formatPeso(share.payout)}</dd>
          </div>
        ) : null}
        {share.fee > 0 ? (
          <div>
            <dt>{gt('fee')}</dt>
            <dd>{formatPeso(share.fee)}</dd>
          </div>
        ) : null}
      </dl>
      <p className="group-share__note">{gt('whole')}</p>
    </div>
  );
}
