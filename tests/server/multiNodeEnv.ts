import type { Engines } from './multiNodeCluster.js';

/** The settings of tests/server/multiNode.test.ts's three nodes. */
export const WRITE_LIMIT = 40;
export const METRICS_TOKEN = 'multinode-metrics-token';
/** Pushes in flight per node: what a node killed mid-way may have had accepted but not recorded. */
export const PUSH_CONCURRENCY = 16;

/** Every node's environment: the shared engines, low limits the tests reach, fast push retries. */
export function clusterEnv(engines: Engines): Record<string, string> {
  return {
    DATABASE_URL: engines.databaseUrl,
    REDIS_URL: engines.redisUrl,
    OBJECT_STORE_URL: engines.objectStoreUrl,
    TRUST_PROXY: '127.0.0.1',
    LOG_LEVEL: 'warn',
    DB_POOL_SIZE: '5',
    WRITE_RATE_LIMIT: String(WRITE_LIMIT),
    NEW_VISITOR_RATE_LIMIT: '1000',
    PUSH_ALLOW_INSECURE_LOOPBACK: '1',
    PUSH_CHECK_SECONDS: '1',
    // A job held this long by a node is handed to another (the killed node's, here).
    PUSH_JOB_EXPIRE_SECONDS: '30',
    PUSH_RETRY_SECONDS: '1',
    PUSH_CONCURRENCY: String(PUSH_CONCURRENCY),
    METRICS_TOKEN,
    // Every reader comes through the proxy from one address: the per-address limit of counted views
    // (120 a minute by default) would cap what the reading tests count.
    VIEW_RATE_LIMIT: '1000000',
  };
}
