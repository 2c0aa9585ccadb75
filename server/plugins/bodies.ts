import querystring from 'node:querystring';
import fp from 'fastify-plugin';
import { errors } from '../lib/errors.js';

/** Request bodies: JSON (an empty body is no body), forms, and anything else ignored. */
export default fp((app, _opts, done) => {
  app.removeContentTypeParser(['application/json']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = String(body).trim();
    if (!text) return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(errors.badBody('the body is not valid JSON'), undefined);
    }
  });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, { ...querystring.parse(String(body)) });
  });
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, _body, done) => done(null, undefined));
  done();
});
