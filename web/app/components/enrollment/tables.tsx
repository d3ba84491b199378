import type { ReactNode } from 'react';
import { ScrollRegion } from '~/components/ui';

/** A small table of the plan summary and compare dialogs: a caption, column headers and labelled rows. */
export function InfoTable({ caption, columns, rows }: { caption: string; columns: readonly string[]; rows: ReadonlyArray<readonly [string, ...ReactNode[]]> }) {
  return (
    // Wider than a phone's dialog for three or four columns: it scrolls on its own, reachable by keyboard (WCAG 2.1.1).
    <ScrollRegion label={caption} className="mt-4 overflow-x-auto">
      <table className="w-full min-w-[20rem] border-collapse text-left text-sm">
        <caption className="pb-2 text-left text-sm font-semibold text-slate-900">{caption}</caption>
        <thead>
          <tr className="border-b border-slate-300 bg-slate-50">
            {columns.map((c, i) => (
              <th key={c || i} scope="col" className="px-3 py-2 font-semibold text-slate-800">
                {c || <span className="sr-only">Benefit</span>}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(([label, ...cells]) => (
            <tr key={label} className="border-b border-slate-200 align-top">
              <th scope="row" className="px-3 py-2 font-medium text-slate-800">
                {label}
              </th>
              {cells.map((cell, i) => (
                <td key={i} className="px-3 py-2 text-slate-700">
                  {cell === null || cell === undefined || cell === '' ? <NotListed /> : cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

/** An empty benefit value: a dash for the eye, words for a screen reader. */
export function NotListed() {
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="sr-only">Not listed</span>
    </>
  );
}

/** Skeleton lines while a dialog's data loads. */
export function Skeleton({ lines = 6 }: { lines?: number }) {
  return (
    <div role="status" aria-live="polite" className="mt-5 space-y-3">
      <span className="sr-only">Loading…</span>
      {Array.from({ length: lines }, (_, i) => (
        <div key={i} aria-hidden="true" className="h-4 animate-pulse rounded bg-slate-200" style={{ width: `${90 - (i % 3) * 15}%` }} />
      ))}
    </div>
  );
}
