export * from './rules.ts';
export * from '../api/schemas/bakas.ts';
export * from '../api/operations/bakas.ts';
