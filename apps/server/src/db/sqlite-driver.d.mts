// Both drivers answer the same API; their types are better-sqlite3's.
export { default } from 'better-sqlite3';

export declare const sqliteDriverName: 'better-sqlite3' | 'better-sqlite3-13';
export declare const sqliteDriverPath: string;
