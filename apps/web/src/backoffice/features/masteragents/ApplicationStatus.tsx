import type { MasterAgentApplicationStatus } from '@karera/shared';
import { useT } from '../../i18n/useT.ts';

const TONE: Record<MasterAgentApplicationStatus, string> = {
  pending: '',
  approved: ' bo-status--success',
  declined: ' bo-status--danger',
};

export function ApplicationStatus({ status }: { status: MasterAgentApplicationStatus }) {
  const t = useT();
  return (
    <span className={`bo-status${TONE[status]}`} data-testid="application-status">
      {t(`masterAgents.statuses.${status}`)}
    </span>
  );
}
