import { useEffect, useRef } from 'react';
import type { ImportIssue } from '@bp/api/contracts';
import { Form } from '@remix-run/react';
import { ScrollRegion, labelClass, primaryButtonClass } from '~/components/ui';

/**
 * Every problem of an uploaded file, by place (sheet, row, column, cell) and reason. The summary takes focus
 * when it appears, so a keyboard or screen-reader user lands on what to fix.
 */
export function ImportIssues({ message, issues, resetKey }: { message: string; issues: ImportIssue[]; resetKey?: unknown }) {
  const summary = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    summary.current?.focus();
  }, [resetKey]);
  return (
    <section aria-labelledby="import-issues-title" className="space-y-3 rounded-xl border border-red-200 bg-red-50 p-4">
      <h2 id="import-issues-title" ref={summary} tabIndex={-1} className="text-base font-semibold text-red-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-red-700">
        {message} ({issues.length} {issues.length === 1 ? 'problem' : 'problems'})
      </h2>
      <p className="text-sm text-red-800">Correct the file and upload it again.</p>
      <ScrollRegion label="Problems in the file">
        <table className="min-w-full divide-y divide-red-200 bg-white text-left text-sm">
          <caption className="sr-only">Problems in the file, by sheet, row and column</caption>
          <thead>
            <tr>
              <th scope="col" className="px-3 py-2 font-semibold text-slate-900">Sheet</th>
              <th scope="col" className="px-3 py-2 font-semibold text-slate-900">Row</th>
              <th scope="col" className="px-3 py-2 font-semibold text-slate-900">Column</th>
              <th scope="col" className="px-3 py-2 font-semibold text-slate-900">Cell</th>
              <th scope="col" className="px-3 py-2 font-semibold text-slate-900">Problem</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-red-100">
            {issues.map((i, n) => (
              <tr key={`${i.sheet}-${i.row}-${i.column}-${n}`}>
                <td className="px-3 py-2 text-slate-900">{i.sheet}</td>
                <td className="px-3 py-2 text-slate-900">{i.row}</td>
                <td className="px-3 py-2 text-slate-900">{i.column || '—'}</td>
                <td className="px-3 py-2 text-slate-900">{i.cell || '—'}</td>
                <td className="px-3 py-2 text-slate-900">{i.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </section>
  );
}

/** The upload form of an import: one file, sent to the page's own action (works before scripts load). */
export function ImportUploadForm({ label, accept, busy, error, action }: { label: string; accept: string; busy: boolean; error: string | null; action: string }) {
  return (
    <Form method="post" encType="multipart/form-data" action={action} className="space-y-3">
      <div>
        <label htmlFor="import-file" className={labelClass}>
          {label}
        </label>
        <input
          id="import-file"
          name="file"
          type="file"
          required
          accept={accept}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'import-file-error' : undefined}
          className="mt-1 block w-full max-w-full text-sm text-slate-900 file:mr-3 file:rounded-md file:border-0 file:bg-brand-700 file:px-3 file:py-2 file:font-semibold file:text-white"
        />
        {error ? (
          <p id="import-file-error" role="alert" className="mt-1.5 text-sm text-red-700">
            {error}
          </p>
        ) : null}
      </div>
      <button type="submit" disabled={busy} className={primaryButtonClass}>
        Upload and check
      </button>
    </Form>
  );
}
