import { useEffect, useMemo, useState, type DragEvent } from 'react';
import { Link } from 'wouter';
import type { TitleFull, TitleImageKind } from '../../../core/console/schemas/catalog';
import { UPLOAD_LIMITS } from '../../../core/console/schemas/catalog';
import { byShort } from '../../../core/languages';
import { callFile } from '../../api/call';
import { problemCode } from '../../api/client';
import { t } from '../../i18n';
import { Problem } from '../../ui/ui';

const KINDS: readonly TitleImageKind[] = ['portrait', 'landscape', 'background', 'favorite'];

/** A title's four images: the current one, a new one dropped or picked (previewed), sent, or the server's reason. */
export function ImagesPanel({ titles, onSaved }: { titles: TitleFull[]; onSaved: () => void }) {
  const [titleId, setTitleId] = useState(titles[0]?.id ?? 0);
  const title = titles.find((x) => x.id === titleId) ?? titles[0];
  if (!title) return null;
  return (
    <section className="c-panel" aria-labelledby="images-title">
      <h2 id="images-title">{t('console.images.title')}</h2>
      <div className="c-field">
        <label htmlFor="images-of">{t('console.catalog.language')}</label>
        <select id="images-of" value={title.id} onChange={(e) => setTitleId(Number(e.target.value))}>
          {titles.map((x) => (
            <option key={x.id} value={x.id}>
              {byShort(x.language)?.native ?? x.language}
            </option>
          ))}
        </select>
      </div>
      <p>
        <Link href="/cover-tests">{t('console.images.coverTests')}</Link>
      </p>
      <div className="c-images">
        {KINDS.map((k) => (
          <ImageDrop key={`${title.id}-${k}-${title.version}`} title={title} kind={k} onSaved={onSaved} />
        ))}
      </div>
    </section>
  );
}

function ImageDrop({ title, kind, onSaved }: { title: TitleFull; kind: TitleImageKind; onSaved: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The preview's object URL lives as long as that file is the one chosen.
  useEffect(() => (preview ? () => URL.revokeObjectURL(preview) : undefined), [preview]);
  const choose = (f: File | undefined) => {
    if (!f) return;
    // The server checks again; this only spares a long upload that would be refused.
    setProblem(f.size === 0 ? 'empty-file' : f.size > UPLOAD_LIMITS.maxImageBytes ? 'image-too-large' : null);
    setFile(f.size === 0 || f.size > UPLOAD_LIMITS.maxImageBytes ? null : f);
  };
  const send = () => {
    if (!file) return;
    setBusy(true);
    callFile('POST /catalog/titles/:id/images/:kind', { params: { id: title.id, kind }, query: { version: title.version } }, file).then(
      () => {
        setBusy(false);
        setFile(null);
        onSaved();
      },
      (e: unknown) => {
        setBusy(false);
        setProblem(problemCode(e));
      },
    );
  };
  const current = title.images[kind];
  return (
    <figure
      className={`c-image c-image--${kind}`}
      onDragOver={(e: DragEvent) => e.preventDefault()}
      onDrop={(e: DragEvent) => {
        e.preventDefault();
        choose(e.dataTransfer.files[0]);
      }}
    >
      <figcaption>{t(`console.images.${kind}`)}</figcaption>
      {preview && file ? (
        <img src={preview} alt={t('console.images.preview')} />
      ) : current ? (
        <img src={current} alt={t('console.images.current')} />
      ) : (
        <p className="c-meta">{t('console.images.none')}</p>
      )}
      <p className="c-field__hint">{t('console.images.drop')}</p>
      <label className="c-button c-button--quiet">
        {t('console.images.pick')}
        <input
          className="c-visually-hidden"
          type="file"
          accept="image/png,image/jpeg,image/webp,image/avif"
          onChange={(e) => {
            choose(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
      </label>
      {file ? (
        <button type="button" className="c-button" disabled={busy} onClick={send}>
          {t('console.images.upload')}
        </button>
      ) : null}
      <Problem code={problem} />
    </figure>
  );
}
