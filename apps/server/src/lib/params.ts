// The strict path and query numbers live with the API's contract (packages/shared api/params.ts).
export { idParam, MAX_ID, MAX_PAGE, pageNumber, positiveIntegerText } from '@karera/shared';
