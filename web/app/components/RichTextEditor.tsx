import { useRef, useState } from 'react';
import { inputClass, labelClass, secondaryButtonClass, useHydrated } from '~/components/ui';
import { cx } from '~/lib/cx';

const COMMANDS = [
  { command: 'bold', label: 'Bold', text: 'B', className: 'font-bold' },
  { command: 'italic', label: 'Italic', text: 'I', className: 'italic' },
  { command: 'underline', label: 'Underline', text: 'U', className: 'underline' },
  { command: 'insertUnorderedList', label: 'Bulleted list', text: '•', className: '' },
  { command: 'insertOrderedList', label: 'Numbered list', text: '1.', className: '' },
] as const;

/**
 * A small rich-text editor for HR's messages: bold, italic, underline, lists and links, its HTML sent as
 * `name`. Before scripts load it is a plain textarea (the server turns the text into paragraphs). Whatever
 * arrives is sanitised on the server (allow-list) before it is stored or sent, so this is comfort only.
 */
export function RichTextEditor({ name, label, id, error, defaultValue }: { name: string; label: string; id: string; error?: string | null; defaultValue?: string }) {
  const hydrated = useHydrated();
  const editor = useRef<HTMLDivElement>(null);
  const [html, setHtml] = useState('');
  const labelId = `${id}-label`;
  const errorId = `${id}-error`;

  // A draft handed back by the server (a form sent before scripts loaded) is the textarea's text: it stays one,
  // so the person's words are never dropped or read as markup.
  if (!hydrated || defaultValue) {
    return (
      <div>
        <label htmlFor={id} className={labelClass}>
          {label}
        </label>
        <textarea id={id} name={name} rows={8} defaultValue={defaultValue} className={inputClass} aria-describedby={error ? errorId : undefined} />
        {error ? (
          <p id={errorId} className="mt-1 text-sm font-medium text-red-700">
            {error}
          </p>
        ) : null}
      </div>
    );
  }

  const run = (command: string, value?: string) => {
    editor.current?.focus();
    // execCommand is deprecated but is still the one way to edit a contentEditable with native undo.
    document.execCommand(command, false, value);
    setHtml(editor.current?.innerHTML ?? '');
  };
  const link = () => {
    const url = window.prompt('Link address (https://…)');
    if (url && /^(https?:\/\/|mailto:)/i.test(url.trim())) run('createLink', url.trim());
  };

  return (
    <div>
      <span id={labelId} className={labelClass}>
        {label}
      </span>
      <div role="toolbar" aria-label={`${label}: formatting`} className="mt-1 flex flex-wrap gap-1 rounded-t-md border border-b-0 border-slate-300 bg-slate-50 p-1">
        {COMMANDS.map((c) => (
          <button
            key={c.command}
            type="button"
            title={c.label}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => run(c.command)}
            className={cx(secondaryButtonClass, 'min-w-[2.5rem] px-2 py-1 text-sm', c.className)}
          >
            {/* The glyph pictures the command and its name is the words: as an aria-label over a visible '1.', axe read it as a label missing from the name (WCAG 2.5.3). */}
            <span aria-hidden="true">{c.text}</span>
            <span className="sr-only">{c.label}</span>
          </button>
        ))}
        <button type="button" aria-label="Link" title="Link" onMouseDown={(e) => e.preventDefault()} onClick={link} className={cx(secondaryButtonClass, 'px-2 py-1 text-sm')}>
          Link
        </button>
      </div>
      <div
        ref={editor}
        id={id}
        role="textbox"
        aria-multiline="true"
        aria-labelledby={labelId}
        aria-describedby={error ? errorId : undefined}
        aria-invalid={error ? true : undefined}
        contentEditable
        suppressContentEditableWarning
        onInput={() => setHtml(editor.current?.innerHTML ?? '')}
        className="prose-sm min-h-[10rem] rounded-b-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-700 [&_ol]:list-decimal [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:pl-6 [&_a]:text-brand-800 [&_a]:underline"
      />
      <input type="hidden" name={name} value={html} />
      {error ? (
        <p id={errorId} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
