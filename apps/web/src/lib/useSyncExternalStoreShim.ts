/*
 * What react-i18next imports as `use-sync-external-store/shim` (vite.config.ts points it here): the shim
 * backfills the hook for React before 18, and this app runs React 19, which has it. The package's CommonJS
 * shim was half a kilobyte of the landing's JavaScript for nothing.
 */
export { useSyncExternalStore } from 'react';
