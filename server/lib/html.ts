import sanitize from 'sanitize-html';

/**
 * The rules HTML from publishers (announcements, news) is held to: only
 * harmless markup, no scripts, styles, event handlers or javascript: links.
 * One set, used by the reader's answers and by the console's check.
 */
const OPTIONS = {
  allowedTags: ['p', 'br', 'b', 'strong', 'i', 'em', 'u', 'ul', 'ol', 'li', 'a', 'h3', 'h4', 'span', 'img', 'blockquote'],
  allowedAttributes: { a: ['href', 'target', 'rel'], img: ['src', 'alt', 'width', 'height'] } as Record<string, string[]>,
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] } as Record<string, string[]>,
  transformTags: { a: sanitize.simpleTransform('a', { rel: 'noopener noreferrer', target: '_blank' }) },
} satisfies sanitize.IOptions;

/** Applied before storing and again before sending. */
export function sanitizeHtml(html: string): string {
  return sanitize(html, OPTIONS);
}

const URL_ATTRIBUTES = new Set(['href', 'src']);

/**
 * What the sanitiser would take out of this HTML, in words (issue 32: the
 * console refuses it rather than store something other than what the editor
 * wrote): tags, attributes and link schemes outside the rules above.
 */
export function refusedMarkup(html: string): string[] {
  const found = new Set<string>();
  sanitize(html, {
    ...OPTIONS,
    onOpenTag: (tag, attribs) => {
      if (!OPTIONS.allowedTags.includes(tag)) {
        found.add(`<${tag}> is not allowed`);
        return;
      }
      const allowed = OPTIONS.allowedAttributes[tag] ?? [];
      for (const [name, value] of Object.entries(attribs)) {
        if (!allowed.includes(name)) found.add(`the ${name} attribute is not allowed`);
        else if (URL_ATTRIBUTES.has(name)) {
          // Browsers ignore control characters and spaces inside a scheme; so does this.
          // eslint-disable-next-line no-control-regex -- the control characters are what is being removed
          const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(value.replace(/[\u0000-\u0020]/g, ''))?.[1]?.toLowerCase();
          const schemes = OPTIONS.allowedSchemesByTag[tag] ?? OPTIONS.allowedSchemes;
          if (scheme && !schemes.includes(scheme)) found.add(`${scheme}: links are not allowed`);
        }
      }
    },
  });
  return [...found];
}
