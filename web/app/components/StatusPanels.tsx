import { Link } from '@remix-run/react';
import { Messages } from '@bp/api/contracts';
import { sitePath } from '~/lib/site';

/** The spec's 'No match for {path}' screen. */
export function NoMatch({ path }: { path: string }) {
  return (
    <section aria-labelledby="page-heading" className="mx-auto max-w-5xl">
      <div className="rounded-xl border border-slate-200 bg-white px-6 py-12 text-center shadow-sm">
        <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">404</p>
        <h1 id="page-heading" className="mt-2 text-2xl font-semibold tracking-tight text-slate-900 break-words">
          {Messages.noMatchFor} <code className="font-mono text-xl">{path}</code>
        </h1>
        <Link
          to="/"
          className="mt-6 inline-flex items-center rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-800"
        >
          Go to the start page
        </Link>
      </div>
    </section>
  );
}

const ERROR_TEXT: Record<number, { heading: string; text: string }> = {
  404: { heading: 'Page not found', text: 'The page you asked for does not exist.' },
  502: { heading: 'Service unavailable', text: Messages.serviceUnavailable },
  503: { heading: 'Service unavailable', text: Messages.serviceUnavailable },
};

/** Whole-page error shown by the root error boundary (it has no shell data to draw a header with). */
export function ErrorPanel({ status }: { status: number }) {
  const { heading, text } = ERROR_TEXT[status] ?? {
    heading: 'Something went wrong',
    text: 'An unexpected error occurred. Please try again; if it keeps happening, contact support.',
  };
  return (
    <section aria-labelledby="error-heading" className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-8 text-center shadow-sm">
      <p className="text-sm font-semibold text-brand-700">Error {status}</p>
      <h1 id="error-heading" className="mt-2 text-2xl font-semibold tracking-tight text-slate-900">
        {heading}
      </h1>
      <p className="mt-3 text-slate-700">{text}</p>
      {/* A full page load, not client navigation: the app state that failed is thrown away. */}
      <a
        href={sitePath('/')}
        className="mt-6 inline-flex items-center rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-800"
      >
        Try again
      </a>
    </section>
  );
}
