export const STAFF_ROLES = ['admin', 'master_agent', 'agent'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  admin: 'Admin',
  master_agent: 'Master agent',
  agent: 'Agent',
};
