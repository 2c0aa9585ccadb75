import { describe, expect, it } from 'vitest';
import { newRequestId } from '../../server/plugins/requestId.js';

describe('request ids', () => {
  it('are random version 4 UUIDs, none repeated across refills of the drawn bytes', () => {
    const ids = Array.from({ length: 1000 }, () => newRequestId());
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(ids).size).toBe(ids.length);
    // Every hex digit turns up in every free position (nothing fixed but the version and variant bits).
    expect(new Set(ids.map((id) => id[0])).size).toBe(16);
    expect(new Set(ids.map((id) => id[35])).size).toBe(16);
  });
});
