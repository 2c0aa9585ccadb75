import fs from 'node:fs/promises';
import path from 'node:path';
import { routeModule } from '../../lib/route.js';

/**
 * GET /machines/coverage.json: the model coverage of the last test run in this
 * tree (`.tmp/model-coverage.json`, written by scripts/coverageTable.mjs at the
 * end of `npm test`), which the machine explorer colours its charts with. Only
 * where the explorer is on (MACHINE_EXPLORER); 404 otherwise and while no run
 * has written it.
 */
const COVERAGE_FILE = '.tmp/model-coverage.json';

export default routeModule((app) => {
  app.get('/coverage.json', async (_req, reply) => {
    const none = () => reply.code(404).type('text/plain').header('cache-control', 'no-store').send('No model coverage recorded.');
    if (!app.config.machineExplorer) return none();
    let text: string;
    try {
      text = await fs.readFile(path.resolve(COVERAGE_FILE), 'utf8');
    } catch {
      return none();
    }
    return reply.type('application/json').header('cache-control', 'no-store').send(text);
  });
});
