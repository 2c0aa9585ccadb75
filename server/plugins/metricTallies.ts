import type { Metric, Registry } from 'prom-client';

/**
 * One series of a histogram as plain numbers: the count of each bucket
 * (values up to bounds[i], not cumulative), the count of all and their sum.
 * Observing is a few additions with no label set to hash, so the hot paths
 * (every answer, every SQL query) keep these; the series are made from them
 * only when scraped (registerTallied).
 */
export class Tally {
  readonly buckets: Float64Array;
  count = 0;
  sum = 0;

  constructor(private readonly bounds: readonly number[]) {
    this.buckets = new Float64Array(bounds.length);
  }

  observe(value: number): void {
    const { bounds } = this;
    let i = 0;
    while (i < bounds.length && value > bounds[i]) i++;
    if (i < bounds.length) this.buckets[i]++;
    this.count++;
    this.sum += value;
  }
}

type Labels = Record<string, string>;
interface Value {
  labels: Record<string, string | number>;
  value: number;
  metricName: string;
  /** As prom-client's buckets carry (none: exemplars are off). */
  exemplar?: null;
}

/**
 * Registers a histogram whose series are Tally objects the caller keeps:
 * `read` lists them with their labels at scrape time. Its text is what
 * prom-client's own Histogram writes (cumulative buckets with `le` first,
 * then +Inf, _sum and _count; a series once observed), and the registry
 * treats it like one: it reads get() (and getForPromString(), which its own
 * histogram has) and may call reset().
 */
export function registerTallied(
  register: Registry,
  config: { name: string; help: string; buckets: readonly number[] },
  read: () => Iterable<readonly [Labels, Tally]>,
): void {
  const { name, help, buckets } = config;
  const get = () => {
    const values: Value[] = [];
    for (const [labels, t] of read()) {
      if (t.count === 0) continue;
      let acc = 0;
      for (let i = 0; i < buckets.length; i++) {
        acc += t.buckets[i];
        values.push({ labels: { le: buckets[i], ...labels }, value: acc, metricName: `${name}_bucket`, exemplar: null });
      }
      values.push({ labels: { le: '+Inf', ...labels }, value: t.count, metricName: `${name}_bucket`, exemplar: null });
      values.push({ labels: { ...labels }, value: t.sum, metricName: `${name}_sum` });
      values.push({ labels: { ...labels }, value: t.count, metricName: `${name}_count` });
    }
    return Promise.resolve({ name, help, type: 'histogram', values, aggregator: 'sum' });
  };
  const metric = {
    name,
    help,
    type: 'histogram',
    aggregator: 'sum',
    get,
    getForPromString: get,
    // The tallies are the hot path's to keep (like the totals in server/lib/opsCounters.ts): not reset from here.
    reset() {},
  };
  // prom-client's types list only its own classes; the registry needs no more than the above.
  register.registerMetric(metric as unknown as Metric);
}
