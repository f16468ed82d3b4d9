import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/schema.ts';
import type { AppConfig } from '../../config.ts';
import { nowIso } from '../../lib/time.ts';

export interface SmsMessage {
  mobileNo: string;
  text: string;
  /** What the message is for (otp-verify, otp-reset ...), for the outbox page. */
  purpose: string;
  // No password ever goes by SMS: the outbox is read by staff. A staff member who needs a new password
  // gets a one-time sign-in link (staff-enrolment-links.ts), whose token the outbox page hides.
}

/** What a staff enrolment SMS is for, in the outbox: the back office's outbox page hides its token. */
export const STAFF_ENROLMENT_SMS_PURPOSE = 'staff-enrolment';

export interface SmsSender {
  readonly kind: 'outbox' | 'http';
  /** Resolves when the message is stored or accepted by the gateway; rejects with SmsDeliveryError. */
  send(message: SmsMessage): Promise<void>;
}

export class SmsDeliveryError extends Error {
  override name = 'SmsDeliveryError';
}

async function record(
  db: Kysely<Database>,
  message: SmsMessage,
  status: 'stored' | 'sent' | 'failed',
  text: string,
  providerResponse: string | null,
) {
  await db
    .insertInto('sms_outbox')
    .values({
      mobile_no: message.mobileNo,
      message: text,
      purpose: message.purpose,
      status,
      provider_response: providerResponse,
      created_at: nowIso(),
    })
    .execute();
}

/**
 * Keeps the message in the database and the server log: for demo and development, and for staff to relay
 * by hand. The log shows codes only where `logCodes` allows it (never in production: logs travel further
 * than the database and are kept longer).
 */
export function outboxSender(db: Kysely<Database>, log: FastifyBaseLogger, { logCodes = true } = {}): SmsSender {
  return {
    kind: 'outbox',
    async send(message) {
      await record(db, message, 'stored', message.text, null);
      const text = logCodes ? message.text : maskCodes(message.text);
      log.info({ sms: { to: message.mobileNo, purpose: message.purpose, text } }, 'SMS stored in outbox');
    },
  };
}

/** Codes never rest in the database once a gateway delivers them. */
function maskCodes(text: string): string {
  return text.replace(/\b\d{4,8}\b/g, (code) => '•'.repeat(code.length));
}

/** The gateway's own number format: 09xxxxxxxxx as 639xxxxxxxxx. */
function gatewayNumber(mobileNo: string): string {
  return mobileNo.startsWith('0') ? `63${mobileNo.slice(1)}` : mobileNo;
}

/**
 * A Semaphore-style SMS gateway: POST form fields apikey, number, message, sendername; a 2xx answer with a
 * JSON array of accepted messages is success; anything else (an error object, 4xx/5xx, a timeout) fails.
 */
export function httpSender(
  db: Kysely<Database>,
  log: FastifyBaseLogger,
  settings: { gatewayUrl: string; apiKey: string; senderName: string },
  timeoutMs = 10_000,
): SmsSender {
  return {
    kind: 'http',
    async send(message) {
      const body = new URLSearchParams({
        apikey: settings.apiKey,
        number: gatewayNumber(message.mobileNo),
        message: message.text,
        sendername: settings.senderName,
      });
      let status = 0;
      let responseText: string;
      try {
        const response = await fetch(settings.gatewayUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body,
          signal: AbortSignal.timeout(timeoutMs),
        });
        status = response.status;
        responseText = await response.text();
      } catch (error) {
        responseText = error instanceof Error ? error.message : String(error);
      }
      const accepted = status >= 200 && status < 300 && isAcceptedBody(responseText);
      await record(
        db,
        message,
        accepted ? 'sent' : 'failed',
        maskCodes(message.text),
        `${status} ${responseText.slice(0, 500)}`,
      );
      if (!accepted) {
        log.warn(
          { sms: { to: message.mobileNo, purpose: message.purpose }, status, response: responseText.slice(0, 200) },
          'SMS gateway refused',
        );
        throw new SmsDeliveryError(`SMS gateway answered ${status}`);
      }
    },
  };
}

function isAcceptedBody(text: string): boolean {
  try {
    const parsed: unknown = JSON.parse(text);
    return (
      Array.isArray(parsed) &&
      parsed.length > 0 &&
      parsed.every(
        (item) => typeof item === 'object' && item !== null && (item as { status?: unknown }).status !== 'Failed',
      )
    );
  } catch {
    return false;
  }
}

export function createSmsSender(
  db: Kysely<Database>,
  log: FastifyBaseLogger,
  config: AppConfig['sms'],
  options: { logCodes: boolean },
): SmsSender {
  return config.sender === 'http' ? httpSender(db, log, config) : outboxSender(db, log, options);
}
