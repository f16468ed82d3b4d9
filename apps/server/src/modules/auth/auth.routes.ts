import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import {
  PlayerMessages,
  StatusCode,
  UserOperations,
  type LoginResponse,
  type ProfileResponse,
  type RegisterResponse,
} from '@karera/shared';
import {
  currentOwnPlayer,
  currentPlayer,
  requirePlayer,
  PLAYER_COOKIE,
  PLAYER_SESSION_ABSOLUTE_MS,
  revokePlayerSession,
  type PlayerSession,
} from '../sessions/index.ts';
import { playerBalances } from '../wallet/index.ts';
import {
  forgotPassword,
  login,
  loginWithLink,
  register,
  resendVerification,
  resetPassword,
  verifyLoginCode,
  verifyRegistration,
  type AuthDeps,
  type ClientInfo,
  type CodeRequest,
} from './auth.service.ts';
import { registerOperation } from '../../lib/register-operation.ts';
import type { CodeDeliveries } from './code-deliveries.ts';

const tags = ['user'];

/**
 * Confirms a signed-in player's change of mobile number with its code. The profile is the players module's;
 * the code arrives on this module's /otp route, so the app hands the confirmation in (auth sits below players).
 */
export type ConfirmMobileChange = (
  db: Kysely<Database>,
  session: PlayerSession,
  otp: string,
  ip: string | null,
) => Promise<ProfileResponse>;

export const authRoutes =
  (confirmMobileChange: ConfirmMobileChange, codeDeliveries: CodeDeliveries): FastifyPluginAsyncZod =>
  async (app) => {
    const deps: AuthDeps = { db: app.db, sms: app.sms, config: app.config };
    const { db } = app;
    const limited = { rateLimit: { max: app.config.rateLimits.playerAuthPerMinute, timeWindow: '1 minute' } };
    const clientOf = (request: FastifyRequest): ClientInfo => ({
      ip: request.ip,
      userAgent: request.headers['user-agent'] ?? null,
    });
    const setSessionCookie = (reply: FastifyReply, login: LoginResponse) =>
      reply.setCookie(PLAYER_COOKIE, login.sessionId, {
        httpOnly: true,
        sameSite: 'strict',
        secure: app.config.secureCookies,
        path: '/',
        maxAge: PLAYER_SESSION_ABSOLUTE_MS / 1000,
      });

    registerOperation(app, UserOperations.register, { tags, config: limited }, async (request) => {
      const sent = await register(deps, request.body, clientOf(request));
      return { statusCode: 200 as const, ...sent, statusMessage: PlayerMessages.otpSent };
    });

    registerOperation(app, UserOperations.otp, { tags, config: limited }, async (request, reply) => {
      const { otp, type } = request.body;
      if (type === 'M') {
        await requirePlayer.call(app, request, reply);
        return confirmMobileChange(db, currentOwnPlayer(request), otp, request.ip);
      }
      const playerId = Number(request.body.playerId);
      const response =
        type === 'L'
          ? await verifyLoginCode(deps, playerId, otp, clientOf(request))
          : await verifyRegistration(deps, playerId, otp, clientOf(request));
      setSessionCookie(reply, response);
      return response;
    });

    // Codes of forgotPassword and resendOTP go out after the answer (decision 022); closing waits for them.
    app.addHook('onClose', codeDeliveries.settled);
    const answerThenSend = ({ answer, deliver }: CodeRequest): RegisterResponse => {
      codeDeliveries.sendAfterAnswer(deliver, (error) => app.log.warn({ err: error }, 'OTP not delivered'));
      return { statusCode: 200, ...answer, statusMessage: PlayerMessages.otpSent };
    };

    registerOperation(app, UserOperations.resendOTP, { tags, config: limited }, async (request) =>
      answerThenSend(await resendVerification(deps, request.body.mobileNo)),
    );

    registerOperation(app, UserOperations.forgotPassword, { tags, config: limited }, async (request) =>
      answerThenSend(await forgotPassword(deps, request.body.mobileNo)),
    );

    registerOperation(app, UserOperations.resetPassword, { tags, config: limited }, async (request) => {
      const { playerId, otp, password } = request.body;
      await resetPassword(deps, Number(playerId), otp, password, clientOf(request));
      return { statusCode: 200 as const, statusMessage: PlayerMessages.passwordReset };
    });

    registerOperation(app, UserOperations.login, { tags, config: limited }, async (request, reply) => {
      const outcome = await login(deps, request.body.mobileNo, request.body.password, clientOf(request));
      // Every outcome is HTTP 200: the statusCode in the body says what the number needs first.
      if (outcome.kind === 'unverified') {
        return {
          statusCode: StatusCode.UNVERIFIED,
          playerId: outcome.playerId,
          statusMessage: PlayerMessages.unverified,
          resendAfterSeconds: outcome.resendAfterSeconds,
        };
      }
      if (outcome.kind === 'otp-required') {
        return {
          statusCode: StatusCode.LOGIN_OTP_REQUIRED,
          playerId: outcome.playerId,
          statusMessage: PlayerMessages.loginOtpRequired,
          resendAfterSeconds: outcome.resendAfterSeconds,
        };
      }
      setSessionCookie(reply, outcome.response);
      return outcome.response;
    });

    registerOperation(app, UserOperations.linkLogin, { tags, config: limited }, async (request, reply) => {
      const response = await loginWithLink(deps, Number(request.body.playerId), request.body.token, clientOf(request));
      setSessionCookie(reply, response);
      return response;
    });

    registerOperation(app, UserOperations.logout, { tags }, async (request, reply) => {
      await revokePlayerSession(db, currentPlayer(request).sessionId);
      reply.clearCookie(PLAYER_COOKIE, { path: '/' });
      return { statusCode: 200 as const };
    });

    registerOperation(app, UserOperations.getBalance, { tags }, async (request) => {
      const { creditBalance, bonusBalance } = await playerBalances(db, currentPlayer(request).playerId);
      return { statusCode: 200 as const, creditBalance, bonusBalance };
    });
  };
