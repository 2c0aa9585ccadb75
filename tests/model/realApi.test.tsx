import { describe, expect, it } from 'vitest';
import { call } from '../../src/api/client';
import { useRealApi } from './realApi';

describe('UI tests reach the real server', () => {
  const api = useRealApi();
  it("answers the app's relative /api calls from the demo catalog", async () => {
    const res = await call('/title_list/allV2');
    expect(res.data.case).toBe('allTitlesViewV2');
    expect(api.catalog.titles.length).toBeGreaterThan(30);
  });
});
