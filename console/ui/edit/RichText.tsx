import { useEffect, useId, useState } from 'react';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { t } from '../../i18n';
import './richText.css';

/**
 * The rich-text editor (TipTap, StarterKit: paragraphs, headings, lists,
 * quotes, bold, italic, links) giving HTML. The source view shows and takes
 * the HTML as it is, so what the server refuses or keeps can be seen; the
 * server sanitises by the reader's rules whatever arrives.
 */
export function RichText({ value, onChange, label }: { value: string; onChange: (html: string) => void; label: string }) {
  const id = useId();
  const [source, setSource] = useState(false);
  const editor = useEditor({
    // Only what the reader's sanitiser keeps (server/lib/html.ts): headings h3/h4, no code, rules or strike-through,
    // so nothing the toolbar or a keyboard shortcut makes is refused on saving.
    extensions: [
      StarterKit.configure({
        link: { openOnClick: false, protocols: ['https'] },
        heading: { levels: [3, 4] },
        code: false,
        codeBlock: false,
        horizontalRule: false,
        strike: false,
      }),
    ],
    content: value,
    // TipTap's base styles are in edit.css: an injected <style> is refused by the console's CSP (style-src 'self').
    injectCSS: false,
    editorProps: { attributes: { 'aria-labelledby': `${id}-label`, role: 'textbox', 'aria-multiline': 'true' } },
    onUpdate: ({ editor: e }) => onChange(e.getHTML()),
  });
  // A value from outside (another language's text, the server's sanitised copy) replaces the editor's.
  useEffect(() => {
    if (editor && !source && editor.getHTML() !== value) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value, source]);
  const active = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e?.isActive('bold') ?? false,
      italic: e?.isActive('italic') ?? false,
      heading: e?.isActive('heading', { level: 3 }) ?? false,
      bullet: e?.isActive('bulletList') ?? false,
      ordered: e?.isActive('orderedList') ?? false,
      quote: e?.isActive('blockquote') ?? false,
    }),
  });
  const tool = (key: keyof NonNullable<typeof active>, run: () => void) => (
    <button type="button" className="c-button c-button--quiet" aria-pressed={active?.[key] ?? false} disabled={source} onClick={run}>
      {t(`console.rich.${key}`)}
    </button>
  );
  const chain = () => editor.chain().focus();
  return (
    <div className="c-field">
      <span id={`${id}-label`} className="c-rich__label">
        {label}
      </span>
      <div className="c-rich">
        <div className="c-rich__tools" role="toolbar" aria-label={t('console.rich.tools')}>
          {tool('bold', () => chain().toggleBold().run())}
          {tool('italic', () => chain().toggleItalic().run())}
          {tool('heading', () => chain().toggleHeading({ level: 3 }).run())}
          {tool('bullet', () => chain().toggleBulletList().run())}
          {tool('ordered', () => chain().toggleOrderedList().run())}
          {tool('quote', () => chain().toggleBlockquote().run())}
          <label className="c-check">
            <input type="checkbox" checked={source} onChange={(e) => setSource(e.target.checked)} /> {t('console.rich.source')}
          </label>
        </div>
        {source ? (
          <textarea
            className="c-rich__source"
            aria-labelledby={`${id}-label`}
            rows={8}
            value={value}
            onChange={(e) => onChange(e.target.value)}
          />
        ) : (
          <EditorContent editor={editor} className="c-rich__area" />
        )}
      </div>
    </div>
  );
}

/**
 * HTML as the server stored it, drawn in a frame that may run nothing
 * (sandbox without allow-scripts): even a sanitiser's miss could not act here.
 */
export function StoredHtml({ html, title }: { html: string; title: string }) {
  return <iframe className="c-sanitised" sandbox="" title={title} srcDoc={`<!doctype html><meta charset="utf-8"><body>${html}</body>`} />;
}
