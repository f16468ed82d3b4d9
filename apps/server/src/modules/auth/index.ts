/** The module's public face: what the rest of the server may use. */
export { authRoutes } from './auth.routes.ts';
export { createCodeDeliveries, type CodeDeliveries } from './code-deliveries.ts';
export { consumeOtp, issueOtp, otpRefusal } from './otp.ts';
export { findPlayerById, findPlayerByMobile } from './player-lookup.repo.ts';
