import { Form, Link, useNavigation, useRevalidator } from '@remix-run/react';
import { formatAmountField, OPTION_LISTS, type CustomDocument, type DocumentField } from '@bp/api/contracts';
import { FieldError, inputClass, labelClass, primaryButtonClass, secondaryButtonClass } from '~/components/ui';
import { WizardActions } from '~/components/wizard/WizardActions';
import { sitePath } from '~/lib/site';
import { startQuietly } from '~/lib/cancelled-load';

/** HR's comment as plain paragraphs: tags are dropped, so nothing HR pasted can run in the page. */
function commentParagraphs(html: string): string[] {
  return html
    .replace(/<\/(p|div|li|h\d)>|<br\s*\/?>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .split('\n')
    .map((s) => s.trim())
    .filter(Boolean);
}

export type DocumentErrors = Record<string, string[]>;

/**
 * The Documents step: the client's documents one at a time, each with
 * HR's comment, its files to open, its fields, an upload and the acknowledgment with a typed name, as the
 * document requires. Submitted documents are marked; Next follows once every one is submitted.
 */
export function DocumentsStep({
  documents,
  active,
  here,
  backTo,
  errors,
}: {
  documents: CustomDocument[];
  active: number;
  here: string;
  backTo?: string;
  errors: DocumentErrors | null;
}) {
  const busy = useNavigation().state === 'submitting';
  const revalidator = useRevalidator();
  const doc = documents[active];
  const allSubmitted = documents.every((d) => d.submittedAt !== null);
  if (!doc) {
    return (
      <div>
        <h2 className="text-lg font-semibold text-slate-900">Documents</h2>
        <p className="mt-4 text-sm text-slate-700">No additional information required</p>
        <Form method="post">
          <input type="hidden" name="screen" value="documents" />
          <WizardActions backTo={backTo} busy={busy} />
        </Form>
      </div>
    );
  }
  const err = (path: string) => errors?.[path];
  const needsAck = doc.requireAcknowledgment || doc.requireSignature || doc.requireApproval;
  const docHere = `${here}&doc=${active + 1}`;
  return (
    <div>
      <h2 className="text-lg font-semibold text-slate-900">Documents</h2>
      <nav aria-label="Documents to complete" className="mt-3">
        <ol className="flex flex-wrap gap-2 text-sm">
          {documents.map((d, i) => (
            <li key={d.id}>
              <Link
                to={`${here}&doc=${i + 1}`}
                aria-current={i === active ? 'page' : undefined}
                className={i === active ? 'inline-block rounded-full bg-brand-700 px-3 py-1 font-medium text-white' : 'inline-block rounded-full bg-slate-100 px-3 py-1 text-slate-800 hover:bg-slate-200'}
              >
                {d.title}
                {d.submittedAt ? ' ✓' : ''}
                <span className="sr-only">{d.submittedAt ? ' (submitted)' : ' (to do)'}</span>
              </Link>
            </li>
          ))}
        </ol>
      </nav>

      <section aria-labelledby="document-title" className="mt-5">
        <h3 id="document-title" className="text-base font-semibold text-slate-900">
          {doc.title}
        </h3>
        {commentParagraphs(doc.comment).map((p) => (
          <p key={p} className="mt-2 text-sm text-slate-700">
            {p}
          </p>
        ))}
        {doc.submittedAt ? <p className="mt-2 text-sm font-medium text-green-800">Submitted{doc.approval === 'pending' ? ': waiting for HR approval' : doc.approval === 'approved' ? ': approved by HR' : ''}.</p> : null}

        {doc.files.length > 0 ? (
          <div className="mt-4">
            <h4 className="text-sm font-semibold text-slate-900">Attached documents</h4>
            <ul className="mt-2 space-y-1 text-sm">
              {doc.files.map((f) => (
                <li key={f.id}>
                  <a
                    href={sitePath(`/onboarding-files/${f.id}`)}
                    target="_blank"
                    rel="noopener noreferrer"
                    // The API records the opening when the file loads in the new window; then this page shows it.
                    onClick={() => window.setTimeout(() => startQuietly(() => revalidator.revalidate()), 1500)}
                    className="font-medium text-brand-800 underline"
                  >
                    Open {f.title}
                    <span className="sr-only"> (opens in a new window)</span>
                  </a>
                  <span className={f.opened ? 'ml-2 text-green-800' : 'ml-2 text-slate-700'}>{f.opened ? 'Opened' : 'Not opened yet'}</span>
                  <FieldError id={`file-${f.id}-error`} errors={err(`files.${f.id}`)} />
                </li>
              ))}
            </ul>
            <FieldError id="files-error" errors={err('files')} />
            {doc.requireFileView ? <p className="mt-1 text-xs text-slate-600">Open every attached document before you submit this one.</p> : null}
          </div>
        ) : null}

        {doc.requireFileUpload ? (
          <div className="mt-4 rounded-lg border border-slate-200 p-4">
            <h4 className="text-sm font-semibold text-slate-900">Upload</h4>
            {doc.fileTitle ? <p className="mt-1 text-sm text-slate-800">Uploaded: {doc.fileTitle}</p> : null}
            {/* Submitted by the router when scripts run, so what is typed in the fields below stays. */}
            <Form method="post" encType="multipart/form-data" action={`/onboarding-upload?doc=${doc.id}&back=${encodeURIComponent(docHere)}`} preventScrollReset className="mt-2 flex flex-wrap items-end gap-3">
              <div>
                <label htmlFor="document-upload" className={labelClass}>
                  {doc.fileTitle ? 'Replace the file' : 'Choose a file'} (up to 10 MB)
                </label>
                <input id="document-upload" name="file" type="file" required className="mt-1 block text-sm" />
              </div>
              <button type="submit" className={secondaryButtonClass}>
                Upload
              </button>
            </Form>
            <FieldError id="upload-error" errors={err('fileId')} />
          </div>
        ) : null}

        <Form method="post" className="mt-4">
          <input type="hidden" name="screen" value="document" />
          <input type="hidden" name="documentId" value={doc.id} />
          <input type="hidden" name="docIndex" value={active} />
          {doc.customFields.length > 0 ? (
            <div className="grid gap-4 sm:grid-cols-2">
              {doc.customFields.map((f, i) => (
                <DocumentFieldInput key={f.id} field={f} errors={err(`customFields.${i}.value`)} />
              ))}
            </div>
          ) : null}
          {needsAck ? (
            <div className="mt-5 space-y-3 rounded-lg border border-slate-200 p-4">
              <label className="flex items-start gap-3 text-sm text-slate-900">
                <input type="checkbox" name="acknowledged" defaultChecked={doc.acknowledged} aria-describedby={err('acknowledged') ? 'ack-error' : undefined} className="mt-0.5 h-4 w-4" />I have read this document and agree to it.
              </label>
              <FieldError id="ack-error" errors={err('acknowledged')} />
              <div className="max-w-sm">
                <label htmlFor="document-name" className={labelClass}>
                  Type your full name<span aria-hidden="true"> *</span>
                </label>
                <input id="document-name" name="fullName" autoComplete="name" defaultValue={doc.fullName ?? ''} aria-invalid={err('fullName') ? true : undefined} aria-describedby={err('fullName') ? 'name-error' : undefined} className={inputClass} />
                <FieldError id="name-error" errors={err('fullName')} />
              </div>
            </div>
          ) : null}
          <div className="mt-5">
            <button type="submit" disabled={busy} className={primaryButtonClass}>
              {doc.submittedAt ? 'Save changes' : 'Submit document'}
            </button>
          </div>
        </Form>
      </section>

      <Form method="post">
        <input type="hidden" name="screen" value="documents" />
        {allSubmitted ? null : <p className="mt-6 text-sm text-slate-700">Submit every document to continue.</p>}
        <WizardActions backTo={backTo} busy={busy} nextDisabled={!allSubmitted} />
      </Form>
    </div>
  );
}

function DocumentFieldInput({ field, errors }: { field: DocumentField; errors: string[] | undefined }) {
  const id = `doc-field-${field.id}`;
  const name = `field-${field.id}`;
  const errorId = `${id}-error`;
  const common = { id, name, 'aria-invalid': errors?.length ? true : undefined, 'aria-describedby': errors?.length ? errorId : undefined } as const;
  const value = field.value ?? '';
  if (field.fieldType === 'checkbox') {
    return (
      <div className="sm:col-span-2">
        <input type="hidden" name={name} value="false" />
        <label className="flex items-center gap-3 text-sm text-slate-900">
          <input type="checkbox" {...common} value="true" defaultChecked={value === 'true'} className="h-4 w-4" />
          {field.fieldLabel}
        </label>
        <FieldError id={errorId} errors={errors} />
      </div>
    );
  }
  const label = (
    <label htmlFor={id} className={labelClass}>
      {field.fieldLabel}
      <span aria-hidden="true"> *</span>
    </label>
  );
  let control;
  if (field.fieldType === 'textarea') control = <textarea {...common} defaultValue={value} rows={3} aria-required className={inputClass} />;
  else if (field.fieldType === 'dropdown' || field.fieldType === 'state') {
    const options = field.fieldType === 'state' ? OPTION_LISTS.state.map((s) => s.text) : (field.options ?? []);
    control = (
      <select {...common} defaultValue={value} aria-required className={inputClass}>
        <option value="">Select…</option>
        {options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
    );
  } else {
    const hints: Partial<Record<DocumentField['fieldType'], string>> = { date: 'MM/DD/YYYY', phone: '###-###-####', ssn: '###-##-####', zip: '5 digits', amount: '$1,234.00' };
    control = (
      <input
        {...common}
        type={field.fieldType === 'email' ? 'email' : 'text'}
        inputMode={field.fieldType === 'amount' || field.fieldType === 'zip' ? 'decimal' : undefined}
        defaultValue={field.fieldType === 'amount' && value ? formatAmountField(value) : value}
        placeholder={hints[field.fieldType]}
        aria-required
        autoComplete="off"
        // The $ prefix and thousands separator once the person leaves the field.
        onBlur={field.fieldType === 'amount' ? (e) => (e.currentTarget.value = formatAmountField(e.currentTarget.value)) : undefined}
        className={inputClass}
      />
    );
  }
  return (
    <div className={field.fieldType === 'textarea' ? 'sm:col-span-2' : undefined}>
      {label}
      {control}
      <FieldError id={errorId} errors={errors} />
    </div>
  );
}
