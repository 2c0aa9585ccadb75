import { ScalarType, type DescMessage, type MessageShape } from '@bufbuild/protobuf';
import { reflect, type ReflectMessage } from '@bufbuild/protobuf/reflect';

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
