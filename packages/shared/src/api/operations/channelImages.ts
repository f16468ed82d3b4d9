import { z } from 'zod';
import { Audiences, defineOperations } from '../contract.ts';
import { idParam } from '../params.ts';
import {
  depositAccountImageResponseSchema,
  withdrawChannelImageResponseSchema,
  withdrawChannelListResponseSchema,
} from '../schemas/channelImages.ts';
import { channelImageSchema } from '../../payments/channelImages.ts';
import { WITHDRAW_COMPANIES } from '../../payments/channels.ts';

/** A deposit account's id in the path, digits only (`0x2`, `2.0`, `1e0` are refused). */
export const depositAccountParamsSchema = z.strictObject({ id: idParam });
export const withdrawChannelParamsSchema = z.strictObject({ company: z.enum(WITHDRAW_COMPANIES) });

/**
 * The images of deposit accounts and withdraw channels (docs/product/money.md#channels-and-images), set by admins. The
 * public image route (GET /api/payment/channel-images/:hash) answers the image's bytes, not JSON, so it is not one
 * of these operations.
 */
export const ChannelImageOperations = defineOperations({
  depositAccountImage: {
    method: 'POST',
    path: '/api/backoffice/deposit-accounts/:id/image',
    audience: Audiences.admins,
    summary:
      "Sets a deposit account's image (PNG, JPEG or WebP as base64, at most 2 MB) or clears it with null (admins)",
    params: depositAccountParamsSchema,
    body: channelImageSchema,
    response: depositAccountImageResponseSchema,
  },
  withdrawChannels: {
    method: 'GET',
    path: '/api/backoffice/withdraw-channels',
    audience: Audiences.admins,
    summary: 'Every withdraw channel with its image (admins)',
    response: withdrawChannelListResponseSchema,
  },
  withdrawChannelImage: {
    method: 'POST',
    path: '/api/backoffice/withdraw-channels/:company/image',
    audience: Audiences.admins,
    summary:
      "Sets a withdraw channel's image (PNG, JPEG or WebP as base64, at most 2 MB) or clears it with null (admins)",
    params: withdrawChannelParamsSchema,
    body: channelImageSchema,
    response: withdrawChannelImageResponseSchema,
  },
});
