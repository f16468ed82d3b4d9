/** The module's public face: what the rest of the server may use. */
export { masterAgentRoutes } from './masteragents.routes.ts';
export { completeApprovedApplication } from './masteragents.service.ts';
