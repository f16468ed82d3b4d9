import { StatusCode, type ErrorBody } from '@karera/shared';

/** What a refusal may carry besides its message and field messages (fields of ErrorBody). */
export type RefusalData = Omit<ErrorBody, 'statusCode' | 'statusMessage' | 'fieldErrors'>;

/**
 * A refusal the client should read: its message is shown to the user as is.
 * Anything thrown that is not an AppError is a fault: logged, and answered without internals.
 */
export class AppError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly statusCode: number,
    message: string,
    readonly fieldErrors?: Record<string, string>,
    readonly data?: RefusalData,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, fieldErrors?: Record<string, string>) =>
  new AppError(400, StatusCode.BAD_REQUEST, message, fieldErrors);
export const unauthorized = (message: string) => new AppError(401, StatusCode.UNAUTHORIZED, message);
export const forbidden = (message: string) => new AppError(403, StatusCode.FORBIDDEN, message);
export const notFound = (message: string) => new AppError(404, StatusCode.NOT_FOUND, message);
export const conflict = (message: string) => new AppError(409, StatusCode.CONFLICT, message);
export const insufficientBalance = (message: string) => new AppError(409, StatusCode.INSUFFICIENT_BALANCE, message);
