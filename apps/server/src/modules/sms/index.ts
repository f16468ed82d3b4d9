/** The module's public face: what the rest of the server may use. */
export { listSmsOutbox } from './sms-outbox.repo.ts';
export { STAFF_ENROLMENT_SMS_PURPOSE, SmsDeliveryError, createSmsSender, type SmsSender } from './sms.ts';
