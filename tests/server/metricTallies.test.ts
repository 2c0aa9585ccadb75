import { Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { Tally, registerTallied } from '../../server/plugins/metricTallies.js';

const BUCKETS = [0.001, 0.01, 0.1, 1];
/** On a bound, between bounds, above the last, zero, and repeats: every branch of a bucket's choice. */
const SEEN: Array<[string, number]> = [
  ['2xx', 0.001],
  ['2xx', 0.0004],
  ['4xx', 0.05],
  ['2xx', 7],
  ['2xx', 0],
  ['4xx', 0.1],
  ['2xx', 0.3],
  ['2xx', 0.3],
];

/**
 * The request metrics are tallied in plain numbers and written at scrape time
 * (server/plugins/metricTallies.ts): what a scrape reads must be what
 * prom-client's own histogram writes for the same observations, as text and as JSON.
 */
describe('a tallied histogram', () => {
  it('reads as prom-client’s Histogram for the same observations', async () => {
    const theirs = new Registry();
    const h = new Histogram({
      name: 'x_seconds',
      help: 'Some time',
      labelNames: ['route', 'status_class'] as const,
      buckets: BUCKETS,
      registers: [theirs],
    });
    const ours = new Registry();
    const tallies = new Map<string, Tally>();
    registerTallied(ours, { name: 'x_seconds', help: 'Some time', buckets: BUCKETS }, function* () {
      for (const [cls, t] of tallies) yield [{ route: '/api/a "quoted"\\path', status_class: cls }, t];
    });
    expect(await ours.metrics()).toBe(await theirs.metrics());
    for (const [cls, v] of SEEN) {
      h.observe({ route: '/api/a "quoted"\\path', status_class: cls }, v);
      let t = tallies.get(cls);
      if (!t) tallies.set(cls, (t = new Tally(BUCKETS)));
      t.observe(v);
    }
    tallies.set('5xx', new Tally(BUCKETS));
    expect(await ours.metrics()).toBe(await theirs.metrics());
    expect(await ours.getMetricsAsJSON()).toEqual(await theirs.getMetricsAsJSON());
  });
});
