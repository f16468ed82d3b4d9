// Types of scripts/cluster.mjs for the TypeScript that reuses it (the cluster test, benchmarks).
import type { ChildProcess } from 'node:child_process';

export interface ClusterInstance {
  readonly name: string;
  readonly port: number;
  /** http://127.0.0.1:<port>: the instance itself, past the balancer. */
  readonly url: string;
  readonly child: ChildProcess | null;
  readonly pid: number | null;
  /** The last lines the instance wrote. */
  readonly tail: string[];
  /** Starts it (again) and resolves once its /healthz answers. */
  start(): Promise<void>;
  /** Sends the signal (SIGKILL by default: a crash) and waits for the exit. */
  kill(signal?: NodeJS.Signals): Promise<void>;
}

export interface Cluster {
  /** The balancer: where players connect. */
  readonly url: string;
  readonly instances: ClusterInstance[];
  readonly haproxy: ChildProcess;
  readonly configFile: string;
  stop(): Promise<void>;
}

export interface ClusterOptions {
  databaseUrl: string;
  instances?: number;
  /** The balancer's port; instances take the ports after it unless instancePorts says. 0: free ports for all. */
  port?: number;
  bindHost?: string;
  instancePorts?: number[];
  /** Settings for every instance (LOG_LEVEL, DEMO, SIM_SPEED...). */
  env?: Record<string, string>;
  onOutput?: (name: string, line: string) => void;
}

export function startCluster(options: ClusterOptions): Promise<Cluster>;
export function findHaproxy(): string | null;
export function haproxyPath(): string | null;
export function haproxyConfig(options: {
  bind: string;
  servers: { name: string; host: string; port: number }[];
}): string;
