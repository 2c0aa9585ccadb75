import { locale } from '../i18n';

/**
 * Addresses outside this app (footer, header, campaign pages). One place,
 * so a deployment can point them at its own portals.
 */
export const SITE = {
  creators: 'https://creators.example.org/',
  helpPortal: 'https://help.example.org/',
  communityGuidelines: 'https://help.example.org/community-guidelines',
  feedbackPortal: 'https://help.example.org/feedback',
  appStore: 'https://apps.apple.com/app/id1000000000',
  playStore: 'https://play.google.com/store/apps/details?id=org.example.mangareader',
  /** Campaign install links (001 §2). */
  installUs: 'https://app.example.org/install?region=us',
  installFr: 'https://app.example.org/install?region=fr',
  social: {
    x: 'https://x.com/mangareader_app',
    facebook: 'https://www.facebook.com/mangareader.app',
    instagram: 'https://www.instagram.com/mangareader_app',
    youtube: 'https://www.youtube.com/@mangareader_app',
  },
} as const;

/** External localized pages with a language code suffix (000 §2): privacypolicy, terms, copyright. */
export function localizedPage(page: 'privacypolicy' | 'terms' | 'copyright'): string {
  return `https://legal.example.org/${page}_${locale()}`;
}
