import { useId } from 'react';
import { byShort } from '../../../core/languages';
import { t, tBuilt } from '../../i18n';
import { when } from '../../ui/format';
import { changeOf } from './auditChanges';

/** A field's name in the member's language: its catalog entry, a nested one as "parent · child" (a language by its own name). */
function fieldLabel(field: string): string {
  if (!field) return t('console.audit.value');
  const own = tBuilt(`console.audit.field.${field}`);
  if (own !== `console.audit.field.${field}`) return own;
  const dot = field.indexOf('.');
  if (dot < 0) return field;
  const child = field.slice(dot + 1);
  return `${fieldLabel(field.slice(0, dot))} · ${byShort(child)?.native ?? child}`;
}

/** A time field (seconds UTC): startAt, endAt, publishAt, expiresAt, at. */
const isTime = (field: string, v: unknown) => typeof v === 'number' && v > 1e8 && /(^|\.)(at|[a-z]+At)$/.test(field);

/** Fields whose value is a key the catalogs name (a place, a phase), the catalog's prefix. */
const VALUE_NAMES: Record<string, `console.${string}`> = {
  placement: 'console.placement.',
  phase: 'console.phase.',
  status: 'console.status.',
};

/** A value as a person reads it: times in the member's zone, yes/no, keys by their names, lists joined, nothing as a dash. */
function valueText(field: string, v: unknown): string {
  if (v === null || v === undefined) return '—';
  const prefix = VALUE_NAMES[field];
  if (prefix && typeof v === 'string' && tBuilt(`${prefix}${v}`) !== `${prefix}${v}`) return tBuilt(`${prefix}${v}`);
  if (typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length === 0) return t('console.audit.none');
  if (isTime(field, v)) return when(v as number);
  if (typeof v === 'boolean') return v ? t('console.audit.yes') : t('console.audit.no');
  if (v === '') return t('console.audit.empty');
  if (typeof v === 'string' || typeof v === 'number') return String(v);
  if (Array.isArray(v) && v.every((x) => typeof x !== 'object' || x === null))
    return v.length ? v.map((x) => (x === null ? '—' : String(x as string | number | boolean))).join(', ') : t('console.audit.none');
  return JSON.stringify(v);
}

/**
 * An entry's change: a small table of field, before and after (only what
 * changed; one side where only one was recorded, said so), and the entry's
 * raw JSON behind a disclosure.
 */
export function AuditChange({ before, after }: { before: unknown; after: unknown }) {
  const id = useId();
  const change = changeOf(before, after);
  return (
    <div className="c-audit-change">
      {change.recorded === 'after' ? <p className="c-meta">{t('console.audit.afterOnly')}</p> : null}
      {change.recorded === 'before' ? <p className="c-meta">{t('console.audit.beforeOnly')}</p> : null}
      {change.rows.length ? (
        <table className="c-audit-change__table" aria-labelledby={`${id}-caption`}>
          <caption id={`${id}-caption`} className="c-visually-hidden">
            {t('console.audit.change')}
          </caption>
          <thead>
            <tr>
              <th scope="col">{t('console.audit.field')}</th>
              {change.recorded !== 'after' ? <th scope="col">{t('console.audit.before')}</th> : null}
              {change.recorded !== 'before' ? <th scope="col">{t('console.audit.after')}</th> : null}
            </tr>
          </thead>
          <tbody>
            {change.rows.map((r) => (
              <tr key={r.field} data-field={r.field}>
                <th scope="row">{fieldLabel(r.field)}</th>
                {change.recorded !== 'after' ? <td className="c-audit-change__before">{valueText(r.field, r.before)}</td> : null}
                {change.recorded !== 'before' ? <td className="c-audit-change__after">{valueText(r.field, r.after)}</td> : null}
              </tr>
            ))}
          </tbody>
        </table>
      ) : change.recorded !== 'none' ? (
        <p className="c-meta">{t('console.audit.noChange')}</p>
      ) : null}
      {change.recorded !== 'none' ? (
        <details className="c-audit-change__raw">
          <summary>{t('console.audit.raw')}</summary>
          {/* Focusable, as it may scroll: the keys reach what it holds. */}
          <pre tabIndex={0} role="region" aria-label={t('console.audit.raw')}>
            {JSON.stringify({ before: before ?? null, after: after ?? null }, null, 2)}
          </pre>
        </details>
      ) : null}
    </div>
  );
}
