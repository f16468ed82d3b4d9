/** Types of push-aes128gcm.mjs (plain JavaScript, so that the encryption threads load it without a compiler). */
export declare const MAX_PAYLOAD_BYTES: number;
export declare function encryptPayload(keys: { p256dh: string; auth: string }, payload: string): Buffer;
export declare function requestDetails(request: {
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  payload: string;
  options: { TTL: number; urgency: string; headers: Record<string, string> };
}): { headers: Record<string, string | number>; body: Buffer };
