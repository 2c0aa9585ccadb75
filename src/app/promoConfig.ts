import type { PromoConfig } from '../../machines/promoPopupMachine';

/** Latin American and Caribbean regions (the documents hold such a list). */
const LATAM_REGIONS = [
  'AR',
  'BO',
  'BR',
  'CL',
  'CO',
  'CR',
  'CU',
  'DO',
  'EC',
  'SV',
  'GT',
  'HN',
  'MX',
  'NI',
  'PA',
  'PY',
  'PE',
  'PR',
  'UY',
  'VE',
  'AG',
  'BS',
  'BB',
  'BZ',
  'DM',
  'GD',
  'GY',
  'HT',
  'JM',
  'KN',
  'LC',
  'VC',
  'SR',
  'TT',
] as const;

/** The regional promo: March to April 2021 (000 §9), Latin America. */
export const PROMO_CONFIG: PromoConfig = {
  start: Date.UTC(2021, 2, 1) / 1000,
  end: Date.UTC(2021, 4, 1) / 1000,
  regions: LATAM_REGIONS,
};

/** The visitor's region as the browser states it (es-MX → MX); null when it does not. */
export function browserRegion(
  langs: readonly string[] = typeof navigator === 'undefined' ? [] : (navigator.languages ?? []),
): string | null {
  for (const l of langs) {
    const m = /^[a-z]{2,3}[-_]([A-Za-z]{2})\b/.exec(l);
    if (m) return m[1].toUpperCase();
  }
  return null;
}
