import { Messages, type ErrorBody } from '@karera/shared';
import { ApiError } from '../../lib/api.ts';

/**
 * Bytes a staff route answers (an identity photo), read with the staff cookie; a refusal or a failed
 * call becomes an ApiError, as JSON calls' do.
 */
export async function fetchBlob(url: string, signal?: AbortSignal): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(url, { credentials: 'same-origin', signal: signal ?? null });
  } catch {
    throw new ApiError(0, Messages.serverError);
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as ErrorBody | null;
    throw new ApiError(
      body?.statusCode ?? response.status,
      body?.statusMessage ?? Messages.serverError,
      {},
      response.status,
    );
  }
  return response.blob();
}
