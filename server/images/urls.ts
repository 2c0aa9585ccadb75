import { ScalarType, type DescMessage, type MessageShape } from '@bufbuild/protobuf';
import { reflect, type ReflectMessage } from '@bufbuild/protobuf/reflect';

/**
 * Page image URLs and sizes, shared by the viewer API and the image route.
 * Widths of a single page per quality; a DOUBLE page is twice as wide.
 * pages.width/height in the database are at "high".
 */
export const QUALITIES = ['low', 'high', 'super_high'] as const;
export type Quality = (typeof QUALITIES)[number];

export const SINGLE_WIDTH: Record<Quality, number> = { low: 480, high: 960, super_high: 1440 };

export function isQuality(q: unknown): q is Quality {
  return typeof q === 'string' && (QUALITIES as readonly string[]).includes(q);
}

/** The size of a page at a quality, from its size at "high". */
export function pageSize(width: number, height: number, q: Quality): { width: number; height: number } {
  const f = SINGLE_WIDTH[q] / SINGLE_WIDTH.high;
  return { width: Math.round(width * f), height: Math.round(height * f) };
}

/** The encrypted page image: /img/page/<chapterId>/<idx>/<quality>.webp */
export function pageUrl(base: string, chapterId: number, idx: number, q: Quality): string {
  return `${base}/img/page/${chapterId}/${idx}/${q}.webp`;
}

/** A URL field of our messages: its name ends in Url (imageUrl, portraitImageUrl, thumbnailUrl, iconUrl...). */
const URL_FIELD = /Url$/;

/** A path on this server ("/img/..."), made absolute; anything else (already absolute, empty, an app link) as it is. */
function absoluteUrl(base: string, url: string): string {
  return url.startsWith('/') && !url.startsWith('//') ? base + url : url;
}

/**
 * Makes every URL field of a message and of every message in it absolute
 * (absoluteUrl), in place, and answers the message. Every answer carries
 * absolute URLs (third-party clients fetch them as they are); `base` is
 * PUBLIC_URL, else the request's scheme and host (server/lib/params.ts
 * baseUrl). Transition actions (`url`) are app links, not fetched: left as
 * they are. Running it twice changes nothing.
 */
export function absoluteUrls<Desc extends DescMessage>(schema: Desc, msg: MessageShape<Desc>, base: string): MessageShape<Desc> {
  walk(reflect(schema, msg), base);
  return msg;
}

function walk(m: ReflectMessage, base: string): void {
  for (const f of m.fields) {
    if (!m.isSet(f)) continue;
    switch (f.fieldKind) {
      case 'scalar':
        if (f.scalar === ScalarType.STRING && URL_FIELD.test(f.localName)) {
          const v: unknown = m.get(f);
          if (typeof v !== 'string') break;
          const abs = absoluteUrl(base, v);
          if (abs !== v) m.set(f, abs);
        }
        break;
      case 'message':
        walk(m.get(f), base);
        break;
      case 'list':
        if (f.listKind === 'message') for (const item of m.get(f)) walk(item as ReflectMessage, base);
        break;
      default:
        break;
    }
  }
}
