import texts from './texts.json' with { type: 'json' };

/** The languages the mails are written in (the console's); any other is sent in English. */
export type MailLocale = keyof typeof texts;
type Key = keyof (typeof texts)['en'];

export const mailLocale = (l: string | undefined): MailLocale => (l && l in texts ? (l as MailLocale) : 'en');

/** A mail's words, with `{name}` placeholders filled. */
function words(locale: MailLocale) {
  const table: Record<Key, string> = texts[locale];
  return (key: Key, params: Record<string, string> = {}) => table[key].replace(/\{(\w+)\}/g, (m, p: string) => params[p] ?? m);
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

/** What the enrolment link mails say about the link: open it, once, until when; ignore it if unexpected. */
function linkMail(locale: MailLocale, subject: string, intro: string, link: string, expiresAt: number): MailContent {
  const w = words(locale);
  const at = new Date(expiresAt * 1000).toISOString().slice(0, 16).replace('T', ' ');
  const lines = [w('link.open'), w('link.expires', { at }), w('link.ignore')];
  const text = [intro, '', lines[0], link, '', lines[1], '', lines[2], ''].join('\n');
  const p = (s: string) => `<p>${escapeHtml(s)}</p>`;
  const html = [
    `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="font-family: system-ui, sans-serif; line-height: 1.5">',
    p(intro),
    p(lines[0]),
    `<p><a href="${escapeHtml(link)}">${escapeHtml(w('link.button'))}</a></p>`,
    `<p style="word-break: break-all">${escapeHtml(link)}</p>`,
    p(lines[1]),
    p(lines[2]),
    '</body></html>',
  ].join('\n');
  return { subject, text, html };
}

/** A staff invitation: who invited, for which roles, the link. */
export function invitationMail(
  locale: MailLocale,
  m: { inviter: string; roles: readonly string[]; link: string; expiresAt: number },
): MailContent {
  const w = words(locale);
  const roles = m.roles.map((r) => (`role.${r}` in texts.en ? w(`role.${r}` as Key) : r)).join(w('list.and'));
  return linkMail(locale, w('invite.subject'), w('invite.intro', { inviter: m.inviter || w('someone'), roles }), m.link, m.expiresAt);
}

/** A factor reset: the member's link to enrol new factors. */
export function resetMail(locale: MailLocale, m: { inviter: string; email: string; link: string; expiresAt: number }): MailContent {
  const w = words(locale);
  return linkMail(
    locale,
    w('reset.subject'),
    w('reset.intro', { inviter: m.inviter || w('someone'), email: m.email }),
    m.link,
    m.expiresAt,
  );
}
