import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { Loading as SharedLoading } from '../../web/Loading';
import { t, tBuilt } from '../i18n';

/** A labelled input; its hint and error are read with it (aria-describedby). */
export function Field({
  label,
  hint,
  error,
  ...input
}: { label: string; hint?: ReactNode; error?: string | null } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className="c-field">
      <label htmlFor={id}>{label}</label>
      <input id={id} {...input} aria-invalid={error ? true : undefined} aria-describedby={described || undefined} />
      {hint ? (
        <div id={`${id}-hint`} className="c-field__hint">
          {hint}
        </div>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="c-field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A problem code's translated message ("console.problem.<code>"), announced as an alert. */
function problemText(code: string, retryAfter?: number | null): string {
  const key: `console.${string}` = `console.problem.${code}`;
  const text = tBuilt(key, { seconds: retryAfter ?? 0, minutes: Math.max(1, Math.ceil((retryAfter ?? 0) / 60)) });
  return text === key ? t('console.problem.failed') : text;
}

export function Problem({ code, retryAfter }: { code: string | null; retryAfter?: number | null }) {
  return (
    <div className="c-alert" role="alert">
      {code ? problemText(code, retryAfter) : null}
    </div>
  );
}

/** A status line for screen readers and eyes: what just happened. */
export function Notice({ text }: { text: string | null }) {
  return (
    <p className="c-notice" role="status" aria-live="polite">
      {text}
    </p>
  );
}

/** Copies text; says so for a moment. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const [done, setDone] = useState(false);
  return (
    <button
      type="button"
      className="c-button c-button--quiet"
      onClick={() => {
        void navigator.clipboard?.writeText(text).then(() => setDone(true));
      }}
    >
      {done ? t('console.common.copied') : label}
    </button>
  );
}

/** One-time secrets (recovery codes, a new API token, an invitation link): shown once, to copy or download. */
export function Secret({ lines, fileName, label }: { lines: string[]; fileName: string; label: string }) {
  const text = lines.join('\n');
  return (
    <div className="c-secret">
      <pre aria-label={label} tabIndex={0}>
        {text}
      </pre>
      <div className="c-row">
        <CopyButton text={text} label={t('console.common.copy')} />
        <a
          className="c-button c-button--quiet"
          download={fileName}
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(text + '\n')}`}
        >
          {t('console.common.download')}
        </a>
      </div>
    </div>
  );
}

export function Roles({ roles }: { roles: readonly string[] }) {
  return <span className="c-roles">{roles.map((r) => tBuilt(`console.role.${r}`)).join(', ')}</span>;
}

/** Role checkboxes (a member may hold several). */
export function RolePicker({
  all,
  value,
  onChange,
  legend,
}: {
  all: readonly string[];
  value: string[];
  onChange: (v: string[]) => void;
  legend: string;
}) {
  return (
    <fieldset className="c-choices">
      <legend>{legend}</legend>
      {all.map((r) => (
        <label key={r}>
          <input
            type="checkbox"
            checked={value.includes(r)}
            onChange={(e) => onChange(e.target.checked ? [...value, r] : value.filter((x) => x !== r))}
          />
          {tBuilt(`console.role.${r}`)}
        </label>
      ))}
    </fieldset>
  );
}

/** A table that may scroll sideways on a phone: a named region that takes focus, so the keyboard can scroll it too. */
export function TableWrap({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="c-table-wrap" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}

/** The shared loading text (web/Loading.tsx) in the console's words. */
export function Loading() {
  return <SharedLoading label={t('console.common.loading')} />;
}
