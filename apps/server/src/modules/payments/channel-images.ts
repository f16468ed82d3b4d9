import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  CHANNEL_IMAGE_MAX_BYTES,
  CHANNEL_IMAGE_MAX_PIXELS,
  CHANNEL_IMAGE_MAX_SIDE,
  channelImagePath,
  ChannelImageMessages,
  PaymentMessages,
  WITHDRAW_COMPANIES,
  type WithdrawChannelView,
  type WithdrawCompany,
} from '@karera/shared';
import type { Database, PaymentChannelImagesTable, StaffUser } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { decodeBase64Image, reencodeImage, type ImageLimits, type ImageRefusals } from '../../lib/images.ts';
import { nowIso } from '../../lib/time.ts';
import { recordAudit } from '../audit/index.ts';

/*
 * Images of the deposit accounts and withdraw channels (docs/product/money.md#channels-and-images). An admin uploads
 * one; it is checked and re-encoded like every upload (lib/images.ts, decisions 014 and 017) and kept in
 * the database. They are not private: anyone may load one by its content hash, cached for a year. A
 * channel without one shows the web app's built-in badge (its initials on its colour).
 */

const LIMITS: ImageLimits = {
  maxBytes: CHANNEL_IMAGE_MAX_BYTES,
  maxPixels: CHANNEL_IMAGE_MAX_PIXELS,
  maxSide: CHANNEL_IMAGE_MAX_SIDE,
};
const REFUSALS: ImageRefusals = {
  type: ChannelImageMessages.type,
  tooLarge: ChannelImageMessages.tooLarge,
  dimensions: ChannelImageMessages.dimensions,
  corrupt: ChannelImageMessages.corrupt,
};
/** Shown at 2 rem (96 device pixels on a 3x phone screen); room for a larger tile later. */
const STORED_MAX_SIDE = 256;
const STORED_CONTENT_TYPE = 'image/webp';

export type ChannelKind = PaymentChannelImagesTable['channel_kind'];

export interface StoredChannelImage {
  hash: string;
  contentType: string;
  width: number;
  height: number;
  data: Buffer;
}

/**
 * What is kept of an upload: checked from its header, decoded by sharp, turned upright, at most
 * STORED_MAX_SIDE pixels a side, encoded again as a WebP (transparency kept) without the upload's
 * metadata. Its address is the hash of these bytes.
 */
export async function storedChannelImage(upload: string): Promise<StoredChannelImage> {
  const bytes = decodeBase64Image(upload, LIMITS, REFUSALS);
  const image = await reencodeImage(bytes, LIMITS, REFUSALS, (input) =>
    input
      .rotate()
      .resize({ width: STORED_MAX_SIDE, height: STORED_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 90 }),
  );
  const hash = createHash('sha256').update(image.data).digest('hex').slice(0, 32);
  return { hash, contentType: STORED_CONTENT_TYPE, ...image };
}

/** The public addresses of the images of one kind, by channel key (lists read no image bytes). */
export async function channelImageUrls(db: Kysely<Database>, kind: ChannelKind): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('payment_channel_images')
    .select(['channel_key', 'hash'])
    .where('channel_kind', '=', kind)
    .execute();
  return new Map(rows.map((row) => [row.channel_key, channelImagePath(row.hash)]));
}

export async function withdrawChannels(db: Kysely<Database>): Promise<WithdrawChannelView[]> {
  const urls = await channelImageUrls(db, 'withdraw_channel');
  return WITHDRAW_COMPANIES.map((company) => ({ company, imageUrl: urls.get(company) ?? null }));
}

/** One image by its hash, for the public route. */
export async function findChannelImage(
  db: Kysely<Database>,
  hash: string,
): Promise<{ contentType: string; data: Buffer } | undefined> {
  const row = await db
    .selectFrom('payment_channel_images')
    .select(['content_type', 'data'])
    .where('hash', '=', hash)
    .limit(1)
    .executeTakeFirst();
  return row ? { contentType: row.content_type, data: Buffer.from(row.data) } : undefined;
}

export type ChannelTarget =
  { kind: 'deposit_account'; accountId: number } | { kind: 'withdraw_channel'; company: WithdrawCompany };

const keyOf = (target: ChannelTarget) =>
  target.kind === 'deposit_account' ? String(target.accountId) : target.company;

/**
 * Sets (an upload) or clears (null: back to the built-in badge) a channel's image, audited in the same
 * transaction. Answers the channel's image address. The upload is decoded before the transaction opens.
 */
export async function setChannelImage(
  db: Kysely<Database>,
  admin: Pick<StaffUser, 'id'>,
  target: ChannelTarget,
  upload: string | null,
  ip: string | null,
): Promise<string | null> {
  const image = upload === null ? null : await storedChannelImage(upload);
  const key = keyOf(target);
  return db.transaction().execute(async (trx) => {
    if (target.kind === 'deposit_account') {
      const account = await trx
        .selectFrom('deposit_accounts')
        .select('id')
        .where('id', '=', target.accountId)
        .executeTakeFirst();
      if (!account) throw notFound(PaymentMessages.depositAccountNotFound);
    }
    const previous = await trx
      .selectFrom('payment_channel_images')
      .select('hash')
      .where('channel_kind', '=', target.kind)
      .where('channel_key', '=', key)
      .executeTakeFirst();
    if (image) {
      const values = {
        hash: image.hash,
        content_type: image.contentType,
        width: image.width,
        height: image.height,
        data: image.data,
        updated_by_staff_id: admin.id,
        updated_at: nowIso(),
      };
      await trx
        .insertInto('payment_channel_images')
        .values({ channel_kind: target.kind, channel_key: key, ...values })
        .onConflict((conflict) => conflict.columns(['channel_kind', 'channel_key']).doUpdateSet(values))
        .execute();
    } else {
      await trx
        .deleteFrom('payment_channel_images')
        .where('channel_kind', '=', target.kind)
        .where('channel_key', '=', key)
        .execute();
    }
    await recordAudit(
      trx,
      { type: 'staff', id: admin.id, ip },
      {
        action: `${target.kind}.${image ? 'image_set' : 'image_removed'}`,
        targetType: target.kind,
        targetId: key,
        details: {
          previousHash: previous?.hash ?? null,
          ...(image ? { hash: image.hash, width: image.width, height: image.height, bytes: image.data.length } : {}),
        },
      },
    );
    return image ? channelImagePath(image.hash) : null;
  });
}
