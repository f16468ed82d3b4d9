import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CHANNEL_IMAGE_MAX_BASE64,
  CHANNEL_IMAGE_ROUTE,
  channelImageSchema,
  PaymentBackofficeRoutes,
  ChannelImageMessages,
  WITHDRAW_COMPANIES,
  type DepositAccountView,
  type WithdrawChannelListResponse,
  type WithdrawChannelView,
} from '@karera/shared';
import { notFound } from '../../lib/errors.ts';
import { idParam } from '../../lib/params.ts';
import { currentStaff, requireStaff } from '../../plugins/staff-auth.ts';
import { findChannelImage, setChannelImage, withdrawChannels } from './channel-images.ts';
import { depositAccountView } from './deposit-accounts.ts';

/** An image of at most 2 MB as base64, and the JSON around it. */
const IMAGE_BODY_LIMIT = CHANNEL_IMAGE_MAX_BASE64 + 16 * 1024;
/** The address holds the hash of the bytes: they never change, so any cache may keep them for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

const hashParams = z.strictObject({ hash: z.string().regex(/^[0-9a-f]{32}$/) });
const accountParams = z.strictObject({
  id: idParam,
});
const companyParams = z.strictObject({ company: z.enum(WITHDRAW_COMPANIES) });

/**
 * Channel images: anyone loads one by its content hash; admins set or clear the image of a deposit
 * account or a withdraw channel (each change in the audit log).
 */
export const channelImageRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.get(CHANNEL_IMAGE_ROUTE, { schema: { tags: ['public'], params: hashParams } }, async (request, reply) => {
    const { hash } = request.params;
    const etag = `"${hash}"`;
    if (request.headers['if-none-match'] === etag) {
      return reply.status(304).header('cache-control', IMMUTABLE).header('etag', etag).send();
    }
    const image = await findChannelImage(db, hash);
    if (!image) throw notFound(ChannelImageMessages.notFound);
    return reply
      .type(image.contentType)
      .header('cache-control', IMMUTABLE)
      .header('etag', etag)
      .header('content-disposition', `inline; filename="channel-${hash}.webp"`)
      .send(image.data);
  });

  const tags = ['backoffice'];
  const admin = requireStaff('admin');

  app.post(
    '/api/backoffice/deposit-accounts/:id/image',
    {
      schema: { tags, params: accountParams, body: channelImageSchema },
      preValidation: admin,
      bodyLimit: IMAGE_BODY_LIMIT,
    },
    async (request): Promise<{ statusCode: 200; account: DepositAccountView }> => {
      const { id } = request.params;
      const target = { kind: 'deposit_account', accountId: id } as const;
      await setChannelImage(db, currentStaff(request), target, request.body.image, request.ip);
      return { statusCode: 200, account: await depositAccountView(db, id) };
    },
  );

  app.get(
    PaymentBackofficeRoutes.withdrawChannels,
    { schema: { tags }, preValidation: admin },
    async (): Promise<WithdrawChannelListResponse> => ({ statusCode: 200, channels: await withdrawChannels(db) }),
  );

  app.post(
    '/api/backoffice/withdraw-channels/:company/image',
    {
      schema: { tags, params: companyParams, body: channelImageSchema },
      preValidation: admin,
      bodyLimit: IMAGE_BODY_LIMIT,
    },
    async (request): Promise<{ statusCode: 200; channel: WithdrawChannelView }> => {
      const { company } = request.params;
      const target = { kind: 'withdraw_channel', company } as const;
      const imageUrl = await setChannelImage(db, currentStaff(request), target, request.body.image, request.ip);
      return { statusCode: 200, channel: { company, imageUrl } };
    },
  );
};
