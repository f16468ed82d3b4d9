/** The module's public face: what the rest of the server may use. */
export { listAudit, manilaDayStartIso, recordAudit, type AuditActor } from './audit.service.ts';
