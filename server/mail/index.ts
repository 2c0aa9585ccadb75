import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Transporter } from 'nodemailer';
import type { Config } from '../config.js';
import type { ServerClock } from '../lib/clock.js';
import { firstUse } from '../lib/firstUse.js';
import type { MailContent } from './messages.js';

export { invitationMail, mailLocale, resetMail } from './messages.js';

interface Mail extends MailContent {
  to: string;
}

/** How a mail went: handed to the SMTP server, written to the mail folder, or not sent (the caller still has its link). */
type MailOutcome = 'sent' | 'saved' | 'failed';

export interface Mailer {
  /** Where mails go: the SMTP server (SMTP_URL) or the folder (DATA_DIR/mail). */
  readonly kind: 'smtp' | 'folder';
  /** Never throws: a failure is logged (without the message or its link) and answered 'failed'. */
  send(m: Mail): Promise<MailOutcome>;
  close(): void;
}

/** What the mailer logs with (pino's shape). */
export interface MailLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/** Mail settings of the server's Config. */
export type MailConfig = Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir'>;

/** The folder the local default writes each message to, as an .eml file. */
export const mailDir = (config: Pick<Config, 'dataDir'>) => path.join(config.dataDir, 'mail');

// A slow or silent SMTP server answers the console's request late, not never.
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

/** What a failure may say in the log: its code and the server's reply code, never the message, the link or the SMTP URL. */
const failureOf = (err: unknown) => {
  const e = err as { code?: unknown; responseCode?: unknown; command?: unknown };
  return { code: typeof e.code === 'string' ? e.code : 'unknown', responseCode: e.responseCode, command: e.command };
};

/**
 * The mail adapter: nodemailer over SMTP when SMTP_URL is set, else each
 * message written as an .eml file into DATA_DIR/mail (something real
 * offline: open it in any mail client). nodemailer is loaded at the first
 * mail, not at start.
 */
export function makeMailer(config: MailConfig, clock: ServerClock, log: MailLog): Mailer {
  const smtp = config.smtpUrl !== '';
  const from = config.mailFrom;
  const transport = firstUse<Transporter>(async () => {
    const nodemailer = (await import('nodemailer')).default;
    return smtp
      ? nodemailer.createTransport(config.smtpUrl, { from, ...SMTP_TIMEOUTS })
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  });
  const kind = smtp ? 'smtp' : 'folder';
  return {
    kind,
    async send(m) {
      try {
        const info = (await (await transport.get()).sendMail({ from, ...m })) as { messageId?: string; message?: Buffer };
        if (!smtp) {
          const dir = mailDir(config);
          await fs.mkdir(dir, { recursive: true });
          const file = path.join(dir, `${clock.now()}-${crypto.randomBytes(4).toString('hex')}.eml`);
          await fs.writeFile(file, info.message ?? Buffer.alloc(0), { mode: 0o600 });
          log.info({ mail: kind, file: path.basename(file) }, 'mail: written to the mail folder');
          return 'saved';
        }
        log.info({ mail: kind, messageId: info.messageId }, 'mail: sent');
        return 'sent';
      } catch (err) {
        log.warn({ mail: kind, ...failureOf(err) }, 'mail: not sent');
        return 'failed';
      }
    },
    close() {
      void transport.made()?.then(
        (t) => t.close(),
        () => {},
      );
    },
  };
}
