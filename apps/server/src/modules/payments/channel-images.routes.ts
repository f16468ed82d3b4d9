import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CHANNEL_IMAGE_MAX_BASE64,
  CHANNEL_IMAGE_ROUTE,
  ChannelImageMessages,
  ChannelImageOperations,
} from '@karera/shared';
import { notFound } from '../../lib/errors.ts';
import { registerOperation } from '../../lib/register-operation.ts';
import { currentStaff } from '../staff/index.ts';
import { findChannelImage, setChannelImage, withdrawChannels } from './channel-images.ts';
import { depositAccountView } from './deposit-accounts.ts';

/** An image of at most 2 MB as base64, and the JSON around it. */
const IMAGE_BODY_LIMIT = CHANNEL_IMAGE_MAX_BASE64 + 16 * 1024;
/** The address holds the hash of the bytes: they never change, so any cache may keep them for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

const hashParams = z.strictObject({ hash: z.string().regex(/^[0-9a-f]{32}$/) });
const { depositAccountImage, withdrawChannels: withdrawChannelList, withdrawChannelImage } = ChannelImageOperations;

/**
 * Channel images: anyone loads one by its content hash; admins set or clear the image of a deposit
 * account or a withdraw channel (each change in the audit log).
 */
export const channelImageRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  // Not an operation of the contract: the answer is the image's bytes, not JSON (a 404 is JSON as elsewhere).
  const imageSchema = {
    tags: ['public'],
    summary: 'A channel image by its content hash: the image bytes (not JSON), cached for a year',
    params: hashParams,
  };
  app.get(CHANNEL_IMAGE_ROUTE, { schema: imageSchema }, async (request, reply) => {
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

  registerOperation(app, depositAccountImage, { tags, bodyLimit: IMAGE_BODY_LIMIT }, async (request) => {
    const { id } = request.params;
    const target = { kind: 'deposit_account', accountId: id } as const;
    await setChannelImage(db, currentStaff(request), target, request.body.image, request.ip);
    return { statusCode: 200 as const, account: await depositAccountView(db, id) };
  });

  registerOperation(app, withdrawChannelList, { tags }, async () => ({
    statusCode: 200 as const,
    channels: await withdrawChannels(db),
  }));

  registerOperation(app, withdrawChannelImage, { tags, bodyLimit: IMAGE_BODY_LIMIT }, async (request) => {
    const { company } = request.params;
    const target = { kind: 'withdraw_channel', company } as const;
    const imageUrl = await setChannelImage(db, currentStaff(request), target, request.body.image, request.ip);
    return { statusCode: 200 as const, channel: { company, imageUrl } };
  });
};
