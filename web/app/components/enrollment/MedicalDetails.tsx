import { useState } from 'react';
import * as Popover from '@radix-ui/react-popover';
import type { Plan } from '@bp/api/contracts';

export function Pair({ label, value }: { label: string; value: string }) {
  return (
    <>
      <dt className="font-medium text-slate-800">{label}</dt>
      <dd>{value}</dd>
    </>
  );
}

/** The medical plan details on hover, focus or click. */
export function MedicalDetails({ plan }: { plan: Plan }) {
  const [open, setOpen] = useState(false);
  if (plan.benefits.kind !== 'medical') return null;
  const b = plan.benefits;
  const rows: Array<[string, string | null]> = [
    ['Deductible', b.inDeductible],
    ['Coinsurance', b.inCoinsurance],
    ['Max out of pocket', b.inMoop],
    ['PCP copay', b.inPcpCopay],
    ['Rx (generic / preferred / non-preferred)', [b.rxRetailGeneric, b.rxRetailPreferred, b.rxRetailNonpreferred].filter(Boolean).join(' / ') || null],
  ];
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger
        type="button"
        onPointerEnter={() => setOpen(true)}
        onPointerLeave={() => setOpen(false)}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        // Hover or focus has opened it already by the time of the click: a click shows it, it never toggles
        // it shut (it used to close on the first click). Escape, a click outside, leaving or blurring close it.
        onClick={(event) => {
          event.preventDefault();
          setOpen(true);
        }}
        className="shrink-0 rounded-md border border-slate-300 px-2 py-1 text-xs font-semibold text-brand-800 hover:bg-slate-50"
        aria-label={`Details of ${plan.title}`}
      >
        Details
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          side="left"
          sideOffset={6}
          onOpenAutoFocus={(event) => event.preventDefault()}
          className="z-[70] w-72 rounded-lg border border-slate-200 bg-white p-3 text-sm text-slate-800 shadow-lg"
        >
          <p className="font-semibold text-slate-900">{plan.title}</p>
          <dl className="mt-2 space-y-1">
            {rows.map(([label, value]) => (
              <div key={label} className="flex justify-between gap-3">
                <dt className="text-slate-700">{label}</dt>
                <dd className="text-right font-medium">{value ?? '—'}</dd>
              </div>
            ))}
          </dl>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
