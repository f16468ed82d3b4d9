import { describe, expect, it } from 'vitest';
import { pathOfOne, pathTo } from './contract.ts';
import { BackofficeRoutes } from './operations/backoffice.ts';
import { BettingRoutes, GameRoutes } from './operations/game.ts';
import { PromoBackofficeRoutes, PromoRoutes } from './operations/promo.ts';
import { PaymentRoutes } from './operations/payment.ts';
import { PublicRoutes } from './public.ts';
import { StaffRequestRoutes } from './operations/staffRequests.ts';
import { StaffSecurityRoutes } from './operations/staffSecurity.ts';
import { ToteRoutes } from './operations/tote.ts';
import { RacingAdminRoutes } from './operations/racing.ts';
import { UserRoutes } from './user.ts';

describe('paths built from the operations', () => {
  it('fills path parameters, and refuses a path without the one parameter asked', () => {
    expect(pathTo({ path: '/api/x/:a/y/:b' }, { a: 7, b: 'q r' })).toBe('/api/x/7/y/q%20r');
    expect(() => pathTo({ path: '/api/x/:a' }, {})).toThrow();
    expect(pathOfOne({ path: '/api/x/:id/z' })(12)).toBe('/api/x/12/z');
    expect(() => pathOfOne({ path: '/api/x' })).toThrow();
    expect(() => pathOfOne({ path: '/api/x/:a/:b' })).toThrow();
  });

  it('keeps the path constants callers use', () => {
    expect(GameRoutes).toEqual({ getGameInfo: '/api/game/getGameInfo', getRaceInfo: '/api/game/getRaceInfo' });
    expect(RacingAdminRoutes.events).toBe('/api/backoffice/racing/events');
    expect(RacingAdminRoutes.event(3)).toBe('/api/backoffice/racing/events/3');
    expect(RacingAdminRoutes.races(3)).toBe('/api/backoffice/racing/events/3/races');
    expect(RacingAdminRoutes.race(4)).toBe('/api/backoffice/racing/races/4');
    expect(RacingAdminRoutes.raceStatus(4)).toBe('/api/backoffice/racing/races/4/status');
    expect(RacingAdminRoutes.runners(4)).toBe('/api/backoffice/racing/races/4/runners');
    expect(RacingAdminRoutes.runner(5)).toBe('/api/backoffice/racing/runners/5');
    expect(RacingAdminRoutes.scratch(5)).toBe('/api/backoffice/racing/runners/5/scratch');
    expect(BackofficeRoutes.login).toBe('/api/backoffice/auth/login');
    expect(BackofficeRoutes.player(9)).toBe('/api/backoffice/players/9');
    expect(BackofficeRoutes.adjustments(9)).toBe('/api/backoffice/players/9/adjustments');
    expect(BackofficeRoutes.loginLink(9)).toBe('/api/backoffice/players/9/login-link');
    expect(BackofficeRoutes.smsOutbox).toBe('/api/backoffice/sms-outbox');
    expect(BettingRoutes).toEqual({ placeBet: '/api/game/placeBet', getBetHistory: '/api/game/getBetHistory' });
    expect(PublicRoutes).toEqual({ contact: '/api/contact/submit', siteConfig: '/api/site/config' });
    expect(UserRoutes.otp).toBe('/api/user/otp');
    expect(UserRoutes.changePassword).toBe('/api/user/changePassword');
    expect(Object.keys(UserRoutes)).toHaveLength(12);
    expect(PromoRoutes).toEqual({ list: '/api/promo/list', history: '/api/promo/history', claim: '/api/promo/claim' });
    expect(PromoBackofficeRoutes.promos).toBe('/api/backoffice/promos');
    expect(PromoBackofficeRoutes.promo(2)).toBe('/api/backoffice/promos/2');
    expect(PromoBackofficeRoutes.active(2)).toBe('/api/backoffice/promos/2/active');
    expect(ToteRoutes).toEqual({ getGameResult: '/api/game/getGameResult', getCarryovers: '/api/game/getCarryovers' });
    expect(PaymentRoutes.imageExtract).toBe('/api/payment/imageExtract');
    expect(StaffSecurityRoutes.enrolment).toBe('/api/backoffice/auth/enrolment');
    expect(StaffSecurityRoutes.resetTwoFactor(4)).toBe('/api/backoffice/staff/4/two-factor/reset');
    expect(StaffRequestRoutes.approve(6)).toBe('/api/backoffice/staff-requests/6/approve');
    expect(StaffRequestRoutes.resendEnrolmentLink(6)).toBe('/api/backoffice/staff/6/enrolment-link');
    expect(StaffRequestRoutes.linkConfirm).toBe('/api/staff-enrolment/confirm');
  });
});
