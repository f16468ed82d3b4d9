import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentMessages, PaymentRoutes } from '@karera/shared';
import { createTestApp, testDialect, type TestApp } from '../../../test/test-app.ts';
import { registerPlayer, type RegisteredPlayer } from '../../../test/player-flow.ts';
import { malformedImageCorpus, OUTAGE_JPEG, OUTAGE_PNG } from '../../../test/malformed-images.ts';
import { receiptSamples, renderReceipt } from './receipt-fixtures.ts';

/*
 * Hostile uploads to payment/imageExtract (test/malformed-images.ts): every one must be refused with a 4xx before
 * OCR (its message is one of the upload checks', never the OCR's), and the server must go on serving.
 * Before sharp decoded uploads, the first two ended the process (tesseract's worker refused them and
 * tesseract.js threw that from a message listener).
 */

/** The answers an upload can get before OCR: anything else means a malformed image reached tesseract. */
const REFUSALS: string[] = [
  PaymentMessages.receiptType,
  PaymentMessages.receiptCorrupt,
  PaymentMessages.receiptDimensions,
  PaymentMessages.receiptTooLarge,
];

const b64 = (bytes: Buffer) => bytes.toString('base64');

describe(`receipt uploads: a malformed image is refused, and the server keeps serving (${testDialect})`, () => {
  let t: TestApp;
  let player: RegisteredPlayer;
  let uploads = 0;

  /**
   * The route allows a player 10 reads a minute (issue 30: per account, not per address), so the corpus
   * is sent by a new player every 10 uploads; the limit stays in force and has its own test.
   */
  const extract = async (image: string, remoteAddress = '10.20.0.1') => {
    if (uploads > 0 && uploads % 10 === 0) player = await registerPlayer(t.app);
    uploads += 1;
    return t.app.inject({
      method: 'POST',
      url: PaymentRoutes.imageExtract,
      payload: { image },
      headers: { cookie: player.cookie },
      remoteAddress,
    });
  };
  const healthz = () => t.app.inject({ method: 'GET', url: '/healthz' });

  beforeAll(async () => {
    t = await createTestApp();
    player = await registerPlayer(t.app);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 400 with the message for it to the two images that ended the server', async () => {
    for (const image of [OUTAGE_PNG, OUTAGE_JPEG, `data:image/png;base64,${OUTAGE_PNG}`]) {
      const response = await extract(image);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual({ statusCode: 400, statusMessage: PaymentMessages.receiptCorrupt });
      expect(PaymentMessages.receiptCorrupt).toBe(
        'The image could not be read. Please upload a screenshot of your receipt.',
      );
      expect((await healthz()).statusCode).toBe(200);
    }
  });

  it(
    'refuses every upload of the corpus before OCR, and /healthz answers after each',
    { timeout: 120_000 },
    async () => {
      const corpus = await malformedImageCorpus();
      expect(corpus.length).toBeGreaterThanOrEqual(50);
      const wrong: string[] = [];
      for (const [name, image] of corpus) {
        const started = Date.now();
        const response = await extract(image);
        const message = (response.json() as { statusMessage?: string }).statusMessage ?? '';
        const ms = Date.now() - started;
        if (response.statusCode < 400 || response.statusCode >= 500 || !REFUSALS.includes(message) || ms > 2_000) {
          wrong.push(`${name}: ${response.statusCode} ${response.body} in ${ms} ms`);
        }
        const health = await healthz();
        if (health.statusCode !== 200) wrong.push(`${name}: /healthz answered ${health.statusCode}`);
      }
      expect(wrong).toEqual([]);
    },
  );

  it('still reads a good receipt after the corpus, as PNG, JPEG and WebP', { timeout: 60_000 }, async () => {
    const [sample] = receiptSamples(1, 11);
    if (!sample) throw new Error('no sample');
    const png = renderReceipt(sample);
    const uploads = [
      `data:image/png;base64,${b64(png)}`,
      b64(await sharp(png).jpeg({ quality: 90 }).toBuffer()),
      b64(await sharp(png).webp({ quality: 90 }).toBuffer()),
    ];
    for (const image of uploads) {
      const response = await extract(image);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({
        statusCode: 200,
        referenceNumber: sample.expectedReference,
        amount: sample.amount,
        receiptId: expect.any(Number),
      });
    }
  });

  it('keeps the rate limit of 10 reads a minute per player, whatever the address', async () => {
    const reader = await registerPlayer(t.app);
    const read = (remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: PaymentRoutes.imageExtract,
        payload: { image: OUTAGE_JPEG },
        headers: { cookie: reader.cookie },
        remoteAddress,
      });
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) statuses.push((await read(`10.99.0.${i + 1}`)).statusCode);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(statuses[10]).toBe(429);
  });
});
