import crypto from 'node:crypto';
import { params, strParam } from '../../../lib/params.js';
import { sendSuccess } from '../../../lib/proto.js';
import { routeModule, write } from '../../../lib/route.js';
import { MOBILE } from '../../../services/mobile.js';

/**
 * PUT /api/register?device_token=&security_key= (+ os, os_ver, app_ver; empty
 * body): SuccessResult 2 RegistrationData with a device secret the app's
 * clients send back as `secret` on every call. Any key is accepted; nothing
 * is stored (the visitor is the SESSION-TOKEN, as on the web).
 */
const route = routeModule((app) => {
  app.put('/', { config: write(app), ...MOBILE }, async (req, reply) => {
    const p = params(req);
    strParam(p, 'device_token', 200);
    strParam(p, 'security_key', 200);
    return sendSuccess(req, reply, { data: { case: 'registrationData', value: { deviceSecret: crypto.randomBytes(16).toString('hex') } } });
  });
});
export default route;
