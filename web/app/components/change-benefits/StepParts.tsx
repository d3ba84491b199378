import { Form } from '@remix-run/react';
import { LifeEventMessages, type MidyearStep } from '@bp/api/contracts';
import { labelClass, primaryButtonClass, secondaryButtonClass } from '~/components/ui';

/** Back (answers not sent: it only names the earlier step) and Next of a step's form. */
export function StepButtons({ previous, busy }: { previous: MidyearStep | null; busy: boolean }) {
  return (
    <div className="flex justify-between gap-3 pt-2">
      {previous ? (
        <button type="submit" name="back" value={previous} formNoValidate className={secondaryButtonClass}>
          Back
        </button>
      ) : (
        <span />
      )}
      <button type="submit" disabled={busy} className={primaryButtonClass}>
        Next
      </button>
    </div>
  );
}

/** The event's supporting document (one file, 10 MB), kept as a personal file. */
export function ProofUpload({ proof, uploaded, signed = false }: { proof: string; uploaded: boolean; signed?: boolean }) {
  return (
    <Form method="post" encType="multipart/form-data" action="/change-benefits-proof" className="rounded-lg border border-slate-200 p-4">
      {uploaded ? (
        <p className="mb-2 text-sm font-medium text-green-800">Uploaded. You can replace it with another file.</p>
      ) : signed ? null : (
        <p className="mb-2 text-sm text-slate-700">{LifeEventMessages.proofLater}</p>
      )}
      <label htmlFor="proof-file" className={labelClass}>
        {`${proof} (PDF or image, up to 10 MB)`}
      </label>
      <input id="proof-file" name="file" type="file" required className="mt-1 block text-sm" />
      <button type="submit" className={`${secondaryButtonClass} mt-3`}>
        Upload
      </button>
    </Form>
  );
}
