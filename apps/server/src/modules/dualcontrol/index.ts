/** The module's public face: what the rest of the server may use. */
export { dualControlRoutes } from './dualcontrol.routes.ts';
export {
  approveRequest,
  proposeChange,
  registerDualControlKind,
  requestView,
  type DualControlActor,
} from './dualcontrol.service.ts';
