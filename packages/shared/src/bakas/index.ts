export * from './rules.ts';
export * from './realtime.ts';
export * from '../api/schemas/bakas.ts';
export * from '../api/operations/bakas.ts';
