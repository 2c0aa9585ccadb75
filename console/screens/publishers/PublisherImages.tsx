import { useState } from 'react';
import type { Publisher, PublisherImageKind } from '../../../core/console/schemas/publishers';
import { UPLOAD_LIMITS } from '../../../core/console/schemas/catalog';
import { callFile } from '../../api/call';
import { problemCode } from '../../api/client';
import { t } from '../../i18n';
import { Problem } from '../../ui/ui';

/** One of a publisher's images: the current one, a file to send instead, the server's reason if it refuses it. */
export function PublisherImage({
  publisher,
  kind,
  editor,
  onSaved,
}: {
  publisher: Publisher;
  kind: PublisherImageKind;
  editor: boolean;
  onSaved: (p: Publisher) => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const url = publisher[kind];
  const id = `publisher-${publisher.id}-${kind}`;
  const send = () => {
    if (!file) return;
    callFile('POST /publishers/:id/images/:kind', { params: { id: publisher.id, kind }, query: { version: publisher.version } }, file).then(
      (p) => {
        setFile(null);
        setProblem(null);
        onSaved(p);
      },
      (e: unknown) => setProblem(problemCode(e)),
    );
  };
  return (
    <div className={`c-pub-image c-pub-image--${kind}`}>
      <p className="c-pub-image__label" id={`${id}-label`}>
        {t(`console.publishers.${kind}`)}
      </p>
      {url ? <img src={url} alt="" /> : <p className="c-meta">{t('console.publishers.noImage')}</p>}
      {editor ? (
        <div className="c-row">
          <input
            type="file"
            aria-labelledby={`${id}-label`}
            accept="image/png,image/jpeg,image/webp"
            onChange={(e) => {
              const f = e.target.files?.[0] ?? null;
              setProblem(f && f.size > UPLOAD_LIMITS.maxImageBytes ? 'image-too-large' : null);
              setFile(f && f.size <= UPLOAD_LIMITS.maxImageBytes ? f : null);
            }}
          />
          <button type="button" className="c-button" disabled={!file} onClick={send}>
            {t('console.publishers.upload')}
          </button>
        </div>
      ) : null}
      <Problem code={problem} />
    </div>
  );
}
