import { errors } from '../../../lib/errors.js';
import { params } from '../../../lib/params.js';
import { sendSuccess } from '../../../lib/proto.js';
import { write, routeModule } from '../../../lib/route.js';
import { READER_SETTINGS_MAX } from '../../../repos/readerSettings.js';

/** settings: a JSON object of at most READER_SETTINGS_MAX bytes (what the app keeps is its own business). */
function settingsParam(given: unknown): string {
  // A JSON body may carry the object itself rather than its text.
  const v = given && typeof given === 'object' && !Array.isArray(given) ? JSON.stringify(given) : given;
  if (typeof v !== 'string' || v === '') throw errors.badParam('settings', 'is missing');
  if (Buffer.byteLength(v) > READER_SETTINGS_MAX) throw errors.badParam('settings', `is over ${READER_SETTINGS_MAX} bytes`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(v);
  } catch {
    throw errors.badParam('settings', 'is not JSON');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw errors.badParam('settings', 'must be a JSON object');
  return JSON.stringify(parsed);
}

/**
 * The reader settings kept on the server, so that linked devices
 * share them: GET /api/reader_settings → reader_settings_view (empty
 * settings when none are kept); PUT ?settings=<JSON object> keeps them.
 */
const route = routeModule((app) => {
  app.get('/', async (req, reply) => {
    const row = await app.repos.readerSettings.get(req.visitor);
    return sendSuccess(req, reply, {
      data: { case: 'readerSettingsView', value: { settings: row?.settings ?? '', updatedAt: row?.updated_at ?? 0 } },
    });
  });

  app.put('/', { config: write(app) }, async (req, reply) => {
    const settings = settingsParam(params(req).settings);
    const updatedAt = await app.repos.readerSettings.put(req.visitor, settings);
    return sendSuccess(req, reply, { data: { case: 'readerSettingsView', value: { settings, updatedAt } } });
  });
});
export default route;
