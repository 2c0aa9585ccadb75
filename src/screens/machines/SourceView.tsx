import { useEffect, useRef, useState } from 'react';
import { t } from '../../i18n';
import type { Pick } from './Statechart';
import { stateLine, transitionLine } from './sourceLines';

/**
 * The machine's source file (bundled as text at build time), scrolled to
 * the line of the state or transition picked on the chart, shown as
 * machines/<name>Machine.ts:<line>.
 */
const sources = import.meta.glob<string>('../../../machines/*Machine.ts', { query: '?raw', import: 'default' });

export function SourceView({ name, pick, onClose }: { name: string; pick: Pick; onClose: () => void }) {
  const file = `machines/${name}Machine.ts`;
  const [text, setText] = useState<{ file: string; text: string } | null>(null);
  const hit = useRef<HTMLLIElement>(null);
  useEffect(() => {
    let live = true;
    const load = sources[`../../../machines/${name}Machine.ts`];
    if (load) void load().then((s) => live && setText({ file, text: s }));
    return () => {
      live = false;
    };
  }, [name, file]);
  const src = text?.file === file ? text.text : null;
  const line = src ? (pick.kind === 'state' ? stateLine(src, pick.id) : transitionLine(src, pick.source, pick.event)) : 0;
  useEffect(() => hit.current?.scrollIntoView({ block: 'center' }), [line, src]);
  return (
    <section className="source" aria-label={t('machines.source')}>
      <header className="source__head">
        <code data-testid="source-line">
          {file}
          {line ? `:${line}` : ''}
        </code>
        <button type="button" className="chip" onClick={onClose}>
          {t('machines.close')}
        </button>
      </header>
      {src ? (
        <ol className="source__text">
          {src.split('\n').map((l, i) => (
            <li key={i} ref={i + 1 === line ? hit : undefined} className={i + 1 === line ? 'source__hit' : undefined}>
              <code>{l || ' '}</code>
            </li>
          ))}
        </ol>
      ) : (
        <p>{t('common.loading')}</p>
      )}
    </section>
  );
}
