/** The module's public face: what the rest of the server may use. */
export { LEADER_LEASE, createLeadership, leaseDatabase, type Leadership, type Stoppable } from './leadership.ts';
