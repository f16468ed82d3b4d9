import type { FastifyInstance } from 'fastify';
import { storeReceipt } from '../src/modules/payments/payments.service.ts';

/** A tiny stand-in image: the receipt reader is tested with real images in the payments module's own tests. */
const RECEIPT_IMAGE = { data: Buffer.from('RIFF'), contentType: 'image/webp' };

/**
 * The id of a receipt the player uploaded whose reading says what their deposit says (amount in centavos,
 * reference as sent), stored as the receipt upload stores it: send it as the deposit's `receiptId` and one
 * approval credits the deposit when it is within the threshold (decision 042).
 */
export function matchingReceipt(
  app: FastifyInstance,
  playerId: number,
  deposit: { amount: number; referenceNumber: string },
): Promise<number> {
  return storeReceipt(app.db, playerId, RECEIPT_IMAGE, {
    amount: deposit.amount,
    referenceNumber: deposit.referenceNumber,
  });
}
