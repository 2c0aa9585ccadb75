import { useId, useState } from 'react';
import { LANGUAGES } from '../../../core/languages';
import type { Lang } from '../../../core/console/schemas/home';
import { problemCode } from '../../api/client';
import { callFile, type Answer, type CallArgs } from '../../api/call';
import { t } from '../../i18n';
import { Problem } from '../ui';

/**
 * An image per language (or the default one): the server checks that it is
 * an image and converts it; what it stored is shown back.
 */
/** The routes that take an owner's image as their raw body. */
type ImageRoute = 'PUT /banners/:id/image' | 'PUT /popups/:id/image';

export function ImageUpload<K extends ImageRoute>({
  route,
  id: ownerId,
  image,
  images,
  onUploaded,
}: {
  route: K;
  /** The banner's or popup's id. */
  id: number;
  image: string;
  images: Record<string, string>;
  onUploaded: (answer: Answer<K>) => void;
}) {
  const id = useId();
  const [language, setLanguage] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const shown = language ? (images[language] ?? image) : image;
  return (
    <fieldset className="c-image">
      <legend>{t('console.image.legend')}</legend>
      <div className="c-field">
        <label htmlFor={`${id}-lang`}>{t('console.image.language')}</label>
        <select id={`${id}-lang`} value={language} onChange={(e) => setLanguage(e.target.value)}>
          <option value="">{t('console.image.default')}</option>
          {LANGUAGES.map((l) => (
            <option key={l.short} value={l.short}>
              {l.native}
              {images[l.short] ? ` ✓` : ''}
            </option>
          ))}
        </select>
      </div>
      {shown ? <img className="c-image__preview" src={shown} alt={t('console.image.current')} /> : null}
      <div className="c-field">
        <label htmlFor={`${id}-file`}>{t('console.image.file')}</label>
        <input
          id={`${id}-file`}
          type="file"
          accept="image/png,image/jpeg,image/webp,image/gif"
          disabled={busy}
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (!file) return;
            setBusy(true);
            const args = { params: { id: ownerId }, query: { language: (language || undefined) as Lang | undefined } };
            callFile(route, args as CallArgs<K>, file).then(
              (a) => {
                setBusy(false);
                setProblem(null);
                onUploaded(a);
              },
              (err: unknown) => {
                setBusy(false);
                setProblem(problemCode(err));
              },
            );
          }}
        />
      </div>
      <Problem code={problem} />
    </fieldset>
  );
}
