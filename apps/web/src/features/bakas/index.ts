export { BakasCreatePage } from './BakasCreatePage.tsx';
export { BakasPage } from './BakasPage.tsx';
