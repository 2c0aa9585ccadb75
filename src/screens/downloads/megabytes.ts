import { locale } from '../../i18n';

/** Bytes as megabytes with one decimal, in the interface locale. */
export function megabytes(bytes: number): string {
  return new Intl.NumberFormat(locale(), { maximumFractionDigits: 1, minimumFractionDigits: 1 }).format(bytes / 1_000_000);
}
