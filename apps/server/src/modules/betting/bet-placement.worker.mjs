// Entry of the bet placement thread. A worker thread does not inherit the TypeScript loader the
// server runs under, so it registers tsx itself before loading the thread's code.
import { register } from 'tsx/esm/api';

register();
await import('./bet-placement.worker.ts');
