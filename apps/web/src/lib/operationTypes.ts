import type {
  BodyOf,
  GameOperations,
  OperationsByPath,
  PaymentOperations,
  PromoOperations,
  PublicOperations,
  ResponseOf,
  ToteOperations,
  UserOperations,
} from '@karera/shared';

/*
 * The calls the web app makes, typed from the API's contract (packages/shared api/operations): a call's
 * body and answer are the operation's, so a screen and the server that disagree do not compile. Types
 * only: the schemas stay on the server, out of the bundles.
 */
type ByPath = OperationsByPath<typeof PublicOperations> &
  OperationsByPath<typeof GameOperations> &
  OperationsByPath<typeof PromoOperations> &
  OperationsByPath<typeof UserOperations> &
  OperationsByPath<typeof ToteOperations> &
  OperationsByPath<typeof PaymentOperations>;

export type ContractPath = keyof ByPath;
export type BodyAt<P extends ContractPath> = BodyOf<ByPath[P]>;
export type ResponseAt<P extends ContractPath> = ResponseOf<ByPath[P]>;
/**
 * The answers a call resolves with: the client turns every other statusCode into an ApiError, even when it
 * comes with HTTP 200 (login's 114 and 115).
 */
export type SuccessAt<P extends ContractPath> = Extract<ResponseAt<P>, { statusCode: 200 }>;

/** Paths of the calls that need no session. */
export type PublicPath = {
  [P in ContractPath]: ByPath[P]['auth'] extends 'public' ? P : never;
}[ContractPath];
