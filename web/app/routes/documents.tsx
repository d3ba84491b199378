import { type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData, useNavigate, useNavigation } from '@remix-run/react';
import { useRef, useState, type DragEvent } from 'react';
import { FILE_TYPES, FileMessages, FileTypeLabels, ZDocumentFileList, clientDateTime, groupByCategory, uploadSizeError, type FileType } from '@bp/api/contracts';
import { AddressTabs } from '~/components/AddressTabs';
import { Alert, inputClass, labelClass, Modal, primaryButtonClass, secondaryButtonClass, useHydrated } from '~/components/ui';
import { useWithParams } from '~/lib/address';
import { apiCall } from '~/lib/api.server';
import { cx } from '~/lib/cx';
import { pageTitle } from '~/lib/meta';
import { requireUser, throwOnSessionFailure } from '~/lib/shell.server';
import { sitePath } from '~/lib/site';

export { RouteErrorBoundary as ErrorBoundary } from '~/components/RouteErrorBoundary';

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, 'My Documents') }];

const isFileType = (value: string | null): value is FileType => (FILE_TYPES as readonly string[]).includes(value ?? '');

/** My Documents: three tabs, files grouped by category; the tab and the dialog are in the address. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { token } = await requireUser(request, context);
  const files = await apiCall(ZDocumentFileList, '/files', { token, request, context });
  if (!files.ok) {
    await throwOnSessionFailure(files);
    throw new Response(FileMessages.serverError, { status: 503 });
  }
  const url = new URL(request.url);
  const tab = url.searchParams.get('tab');
  const selected: FileType = isFileType(tab) ? tab : 'carrier';
  return { files: files.data, tab: selected, adding: selected === 'personal' && url.searchParams.get('add') === '1' };
}

export default function DocumentsRoute() {
  const { files, tab, adding } = useLoaderData<typeof loader>();
  const withParams = useWithParams();
  const groups = groupByCategory(files.filter((f) => f.fileType === tab));
  return (
    <section aria-labelledby="page-heading" className="mx-auto max-w-5xl">
      <h1 id="page-heading" className="text-2xl font-semibold tracking-tight text-slate-900">
        My Documents
      </h1>
      <AddressTabs label="Document types" tabs={FILE_TYPES.map((t) => ({ key: t, label: FileTypeLabels[t] }))} current={tab} />
      <div className="mt-6 space-y-6">
        {tab === 'personal' ? (
          <div className="flex justify-end">
            <Link to={withParams({ add: '1' })} preventScrollReset className={primaryButtonClass} id="add-file">
              Add file
            </Link>
          </div>
        ) : null}
        {groups.length === 0 ? (
          <p className="text-slate-700">{FileMessages.noFiles}</p>
        ) : (
          groups.map((g) => (
            <section key={g.title} aria-labelledby={`group-${g.title}`} className="rounded-xl border border-slate-200 bg-white shadow-sm">
              <h2 id={`group-${g.title}`} className="border-b border-slate-200 px-4 py-3 text-base font-semibold text-slate-900">
                {g.title}
              </h2>
              <ul className="divide-y divide-slate-200">
                {g.files.map((f) => (
                  <li key={f.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3 text-sm">
                    <a href={sitePath(`/files/${f.id}`)} download className="font-medium text-brand-800 underline">
                      {f.title}
                    </a>
                    <span className="text-slate-600">{`${clientDateTime(f.createdOn, f.timeZone)} · ${Math.max(1, Math.round(f.sizeBytes / 1024)).toLocaleString('en-US')} KB`}</span>
                  </li>
                ))}
              </ul>
            </section>
          ))
        )}
      </div>
      {/* A saved file joins the list: the dialog starts afresh (name and file cleared); after an error it keeps both. */}
      <AddFileDialog key={Math.max(0, ...files.map((f) => f.id))} open={adding} />
    </section>
  );
}

/**
 * Add file: one file by drag and drop or the file picker, its name editable
 * (it starts as the file's own), at most 10,000,000 bytes (checked here for comfort; the API decides).
 */
function AddFileDialog({ open }: { open: boolean }) {
  const navigate = useNavigate();
  const withParams = useWithParams();
  const hydrated = useHydrated();
  const input = useRef<HTMLInputElement>(null);
  const [name, setName] = useState('');
  const [chosen, setChosen] = useState<string | null>(null);
  const [sizeError, setSizeError] = useState<string | null>(null);
  const [over, setOver] = useState(false);
  const uploading = useNavigation().state === 'submitting';
  const close = () => navigate(withParams({ add: null }), { preventScrollReset: true });

  const choose = (files: FileList | null) => {
    const file = files?.[0];
    if (!file) return;
    setChosen(file.name);
    setName((current) => current || file.name);
    setSizeError(uploadSizeError(file.size));
  };
  const drop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    setOver(false);
    const files = event.dataTransfer.files;
    if (!files.length || !input.current) return;
    // One file: the first dropped one becomes the input's file, so the form sends it.
    const one = new DataTransfer();
    one.items.add(files[0]!);
    input.current.files = one.files;
    choose(one.files);
  };

  return (
    <Modal open={open} title="Add file" onOpenChange={(next) => (next ? undefined : close())}>
      <Form method="post" encType="multipart/form-data" action="/documents-upload" className="mt-4 space-y-4">
        <label
          htmlFor="document-file"
          onDragOver={(e) => {
            e.preventDefault();
            setOver(true);
          }}
          onDragLeave={() => setOver(false)}
          onDrop={drop}
          className={cx(
            'flex cursor-pointer flex-col items-center justify-center rounded-lg border-2 border-dashed px-4 py-8 text-center text-sm',
            over ? 'border-brand-700 bg-brand-50' : 'border-slate-300 bg-slate-50',
          )}
        >
          <span className="font-medium text-slate-900">{chosen ?? 'Drop a file here, or choose one'}</span>
          <span className="mt-1 text-slate-600">One file, up to 10 MB: PDF, an image, a Word or Excel document, or plain text</span>
        </label>
        <input
          ref={input}
          id="document-file"
          name="file"
          type="file"
          required
          onChange={(e) => choose(e.currentTarget.files)}
          className="block text-sm"
          aria-describedby={sizeError ? 'document-file-error' : undefined}
        />
        {sizeError ? (
          <Alert tone="error" id="document-file-error">
            {sizeError}
          </Alert>
        ) : null}
        <div>
          <label htmlFor="document-name" className={labelClass}>
            Name
          </label>
          <input id="document-name" name="title" value={name} onChange={(e) => setName(e.currentTarget.value)} maxLength={200} className={inputClass} />
        </div>
        <div className="flex justify-end gap-3">
          <Link to={withParams({ add: null })} preventScrollReset className={secondaryButtonClass}>
            Cancel
          </Link>
          <button type="submit" disabled={hydrated && (!chosen || sizeError !== null || uploading)} className={primaryButtonClass}>
            {uploading ? 'Uploading…' : 'Upload'}
          </button>
        </div>
      </Form>
    </Modal>
  );
}
