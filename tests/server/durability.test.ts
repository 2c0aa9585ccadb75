import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fromBinary } from '@bufbuild/protobuf';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer } from '../e2e/harness.js';
import { ResponseSchema } from '../../core/gen/manga/v1/response_pb.js';

/** An acknowledged write survives `kill -9` (SQLite in WAL mode with synchronous=FULL). */
describe('durability', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'durable-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('a bookmark acknowledged to the client is there after kill -9 and a restart', async () => {
    const env = { DATA_DIR: dir, PUSH_CHECK_SECONDS: '0', DATABASE_URL: '' };
    const token = 'd0ab1e0000000000000000000000beef';
    const headers = { 'session-token': token };
    let srv = await startServer(env);
    const titles = (await (await fetch(`${srv.url}/api/title_list/allV2?format=json`)).json()) as {
      success: { allTitlesViewV2: { AllTitlesGroup: Array<{ titles: Array<{ titleId: number }> }> } };
    };
    const titleId = titles.success.allTitlesViewV2.AllTitlesGroup[0].titles[0].titleId;
    const put = await fetch(`${srv.url}/api/title_list/bookmark?title_id=${titleId}`, { method: 'PUT', headers });
    expect(put.status).toBe(200);
    await srv.stop('SIGKILL');
    srv = await startServer(env);
    try {
      const r = await fetch(`${srv.url}/api/title_list/bookmark`, { headers });
      const res = fromBinary(ResponseSchema, new Uint8Array(await r.arrayBuffer()));
      const view =
        res.result.case === 'success' && res.result.value.data.case === 'favoriteTitlesView' ? res.result.value.data.value : undefined;
      expect(view?.titles.map((t) => t.titleId)).toContain(titleId);
    } finally {
      await srv.stop();
    }
  });
});
