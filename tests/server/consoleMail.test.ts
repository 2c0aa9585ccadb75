import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { mailDir } from '../../server/mail/index.js';
import { BACKENDS } from './helpers.js';
import { api, enrolTotp, setupConsole, type ConsoleApp } from './consoleHelpers.js';

/**
 * Invitations and factor resets by mail (issue 47): over SMTP to a real local
 * server (smtp-server on a free port) when SMTP_URL is set, else written as an
 * .eml file into DATA_DIR/mail; the link is made and answered either way, and a
 * mail that fails loses nothing (the invitation is there, the answer says so).
 */
interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** A local SMTP server that keeps every message it is given. */
async function localSmtp() {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as net.AddressInfo).port;
  return { received, port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** A port nothing listens on (taken, then freed). */
async function closedPort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const port = (s.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}

/** A MIME message's text part, decoded (nodemailer writes non-ASCII as quoted-printable or base64). */
function textPart(raw: string): string {
  const part = /Content-Type: text\/plain[^]*?\r?\n\r?\n([^]*?)\r?\n--/i.exec(raw);
  const head = /Content-Type: text\/plain[^]*?\r?\n\r?\n/i.exec(raw)?.[0] ?? '';
  const body = part?.[1] ?? '';
  if (/Content-Transfer-Encoding: base64/i.test(head)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/Content-Transfer-Encoding: quoted-printable/i.test(head))
    return Buffer.from(
      body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
      'latin1',
    ).toString('utf8');
  return body;
}

/** A MIME header, its encoded words decoded. */
function header(raw: string, name: string): string {
  const m = new RegExp(`^${name}: ((?:.*)(?:\\r?\\n[ \\t].*)*)`, 'mi').exec(raw)?.[1] ?? '';
  return m
    .replace(/\r?\n[ \t]/g, ' ')
    .replace(/=\?utf-8\?([BQ])\?([^?]*)\?=\s*/gi, (_, enc: string, t: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(t, 'base64').toString('utf8')
        : Buffer.from(
            t.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (__, h: string) => String.fromCharCode(parseInt(h, 16))),
            'latin1',
          ).toString('utf8'),
    )
    .trim();
}

const invite = (c: ConsoleApp, cookie: string, email: string, locale?: string) =>
  api(c.app, 'POST', '/invitations', { cookie, body: { email, roles: ['editor'], languages: [], ...(locale ? { locale } : {}) } });

describe.each(BACKENDS)('console mail on %s', (backend) => {
  describe('over SMTP to a real local server', () => {
    let smtp: Awaited<ReturnType<typeof localSmtp>>;
    let c: ConsoleApp;
    beforeAll(async () => {
      smtp = await localSmtp();
      c = await setupConsole(backend, 'mail_smtp', {
        smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
        mailFrom: 'Console <console@example.com>',
        publicUrl: 'https://reader.example.com',
      });
    });
    afterAll(async () => {
      await c?.close();
      await smtp?.close();
    });

    it('an invitation in the language asked for: to, subject, the link, the expiry; the folder stays empty', async () => {
      const owner = await enrolTotp(c, 'owner@example.com', ['owner']);
      const r = await invite(c, owner.cookie, 'New.Editor@Example.com', 'ja');
      expect(r.status).toBe(200);
      expect(r.json.mail).toBe('sent');
      const link = r.json.link as string;
      expect(link).toMatch(/^https:\/\/reader\.example\.com\/console\/enrol\//);
      expect(smtp.received).toHaveLength(1);
      const m = smtp.received[0];
      expect(m.to).toEqual(['new.editor@example.com']);
      expect(m.from).toBe('console@example.com');
      expect(header(m.raw, 'Subject')).toBe('出版社コンソールへの招待');
      const text = textPart(m.raw);
      expect(text).toContain(link);
      expect(text).toContain('owner@example.comさんから、編集者として出版社コンソールに招待されました。');
      expect(text).toContain('2026-01-16 09:00');
      expect(m.raw).toMatch(/Content-Type: text\/html/i);
      expect(fs.existsSync(mailDir(c.app.config))).toBe(false);
    });

    it('a language the mails are not written in, or none, is English; Thai is Thai', async () => {
      const owner = await enrolTotp(c, 'owner2@example.com', ['owner']);
      smtp.received.length = 0;
      await invite(c, owner.cookie, 'korean@example.com', 'ko');
      await invite(c, owner.cookie, 'plain@example.com');
      await invite(c, owner.cookie, 'thai@example.com', 'th');
      expect(smtp.received.map((m) => header(m.raw, 'Subject'))).toEqual([
        'You are invited to the publisher console',
        'You are invited to the publisher console',
        // Thai is one of the console's languages: its mails are written in it.
        'คำเชิญเข้าใช้คอนโซลสำนักพิมพ์',
      ]);
      expect(textPart(smtp.received[1].raw)).toContain('owner2@example.com invited you to the publisher console as editor.');
      expect(textPart(smtp.received[2].raw)).toContain('owner2@example.com เชิญคุณเข้าใช้คอนโซลสำนักพิมพ์ในฐานะบรรณาธิการ');
    });

    it("a factor reset mails the member their new link, in the owner's chosen language", async () => {
      const owner = await enrolTotp(c, 'owner3@example.com', ['owner']);
      const member = await enrolTotp(c, 'member@example.com', ['editor']);
      smtp.received.length = 0;
      const r = await api(c.app, 'POST', `/staff/${member.id}/reset-factors?locale=en`, { cookie: owner.cookie });
      expect(r.status).toBe(200);
      expect(r.json.mail).toBe('sent');
      expect(smtp.received.map((m) => m.to)).toEqual([['member@example.com']]);
      expect(header(smtp.received[0].raw, 'Subject')).toBe('Set up your sign-in again');
      expect(textPart(smtp.received[0].raw)).toContain(r.json.link as string);
    });
  });

  describe('with no SMTP server configured: the mail folder', () => {
    let c: ConsoleApp;
    beforeAll(async () => {
      c = await setupConsole(backend, 'mail_folder');
    });
    afterAll(() => c?.close());

    it('writes each message as an .eml file under DATA_DIR/mail, and the link is answered too', async () => {
      const owner = await enrolTotp(c, 'owner@example.com', ['owner']);
      const r = await invite(c, owner.cookie, 'folder@example.com', 'en');
      expect(r.status).toBe(200);
      expect(r.json.mail).toBe('saved');
      const dir = mailDir(c.app.config);
      expect(dir).toBe(path.join(c.app.config.dataDir, 'mail'));
      const files = fs.readdirSync(dir);
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/\.eml$/);
      const raw = fs.readFileSync(path.join(dir, files[0]), 'utf8');
      expect(header(raw, 'To')).toBe('folder@example.com');
      expect(header(raw, 'Subject')).toBe('You are invited to the publisher console');
      expect(textPart(raw)).toContain(r.json.link as string);
    });
  });

  describe('when the SMTP server cannot be reached', () => {
    let c: ConsoleApp;
    beforeAll(async () => {
      c = await setupConsole(backend, 'mail_down', { smtpUrl: `smtp://127.0.0.1:${await closedPort()}` });
    });
    afterAll(() => c?.close());

    it('the invitation is kept and its link answered, the answer saying the mail failed', async () => {
      const owner = await enrolTotp(c, 'owner@example.com', ['owner']);
      const r = await invite(c, owner.cookie, 'lost@example.com');
      expect(r.status).toBe(200);
      expect(r.json.mail).toBe('failed');
      const token = (r.json.link as string).split('/').pop()!;
      expect((await api(c.app, 'GET', `/enrolment/${token}`)).status).toBe(200);
      const list = await api(c.app, 'GET', '/invitations', { cookie: owner.cookie });
      expect((list.json.invitations as Array<{ email: string; state: string }>).map((i) => [i.email, i.state])).toContainEqual([
        'lost@example.com',
        'open',
      ]);
      expect(fs.existsSync(mailDir(c.app.config))).toBe(false);
    });
  });
});
