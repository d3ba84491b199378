import { Form, Link, useNavigate, useNavigation, useSearchParams } from '@remix-run/react';
import { REPORT_DATASET_KEYS, REPORT_DATASETS, type ReportColumn, type ReportDataset, type ReportFilter } from '@bp/api/contracts';
import { inputClass, labelClass, Modal, primaryButtonClass, secondaryButtonClass } from '~/components/ui';

/** What the builder starts from: a report to edit (with its id) or to copy. */
export interface BuilderSource {
  /** The report edited in place (the client's own); absent for a copy of a stock report. */
  id?: number;
  title: string;
  dataset: ReportDataset;
  columns: string[];
  filters: ReportFilter[];
  sort: { orderBy: string | null; orderDirection: 'ASC' | 'DESC' };
}

export function ReportBuilder({ closeTo, copyOf }: { closeTo: string; copyOf: BuilderSource | null }) {
  const busy = useNavigation().state === 'submitting';
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const dataset = (REPORT_DATASET_KEYS.find((k) => k === searchParams.get('dataset')) ?? copyOf?.dataset ?? 'census') as ReportDataset;
  const columns: Record<string, ReportColumn> = REPORT_DATASETS[dataset].columns;
  return (
    <Modal open wide xl title="Report builder" onOpenChange={() => navigate(closeTo, { preventScrollReset: true })}>
      <Form method="get" className="mt-4 flex flex-wrap items-end gap-3">
        <input type="hidden" name="dialog" value="builder" />
        {searchParams.get('report') ? <input type="hidden" name="report" value={searchParams.get('report') ?? ''} /> : null}
        <div>
          <label htmlFor="builder-dataset" className={labelClass}>
            Base dataset
          </label>
          <select id="builder-dataset" name="dataset" defaultValue={dataset} className={inputClass}>
            {REPORT_DATASET_KEYS.map((k) => (
              <option key={k} value={k}>
                {REPORT_DATASETS[k].label}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={secondaryButtonClass}>
          Choose
        </button>
      </Form>
      <Form method="post" className="mt-4 space-y-4">
        <input type="hidden" name="intent" value="save" />
        <input type="hidden" name="dataset" value={dataset} />
        {copyOf?.id ? <input type="hidden" name="reportId" value={copyOf.id} /> : null}
        <div>
          <label htmlFor="builder-title" className={labelClass}>
            Report name
          </label>
          <input id="builder-title" name="title" required maxLength={120} defaultValue={copyOf ? (copyOf.id ? copyOf.title : `Copy of ${copyOf.title}`) : ''} className={inputClass} />
        </div>
        <fieldset>
          <legend className={labelClass}>Columns</legend>
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            {Object.entries(columns).map(([field, column]) => (
              <label key={field} className="inline-flex items-center gap-2 text-sm">
                <input type="checkbox" name="columns" value={field} defaultChecked={copyOf ? copyOf.columns.includes(field) : true} className="h-4 w-4" />
                {column.label}
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset>
          <legend className={labelClass}>Filters</legend>
          {[0, 1, 2].map((i) => (
            <div key={i} className="mt-2 flex flex-wrap items-end gap-2">
              <select name={`filterField-${i}`} aria-label={`Filter ${i + 1}: column`} defaultValue={copyOf?.filters[i]?.field ?? Object.keys(columns)[0]} className={inputClass}>
                {Object.entries(columns).map(([field, column]) => (
                  <option key={field} value={field}>
                    {column.label}
                  </option>
                ))}
              </select>
              <select name={`filterOp-${i}`} aria-label={`Filter ${i + 1}: condition`} defaultValue={copyOf?.filters[i]?.op ?? 'contains'} className={inputClass}>
                <option value="contains">contains</option>
                <option value="equals">equals</option>
              </select>
              <input name={`filterValue-${i}`} aria-label={`Filter ${i + 1}: value`} defaultValue={copyOf?.filters[i]?.value ?? ''} maxLength={200} className={inputClass} />
            </div>
          ))}
        </fieldset>
        <div className="flex flex-wrap gap-3">
          <div>
            <label htmlFor="builder-sort" className={labelClass}>
              Sort by
            </label>
            <select id="builder-sort" name="orderBy" defaultValue={copyOf?.sort.orderBy ?? ''} className={inputClass}>
              <option value="">None</option>
              {Object.entries(columns).map(([field, column]) => (
                <option key={field} value={field}>
                  {column.label}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="builder-direction" className={labelClass}>
              Direction
            </label>
            <select id="builder-direction" name="orderDirection" defaultValue={copyOf?.sort.orderDirection ?? 'ASC'} className={inputClass}>
              <option value="ASC">Ascending</option>
              <option value="DESC">Descending</option>
            </select>
          </div>
        </div>
        <div className="flex justify-end gap-3">
          <Link to={closeTo} preventScrollReset className={secondaryButtonClass}>
            Cancel
          </Link>
          <button type="submit" disabled={busy} className={primaryButtonClass}>
            Save
          </button>
        </div>
      </Form>
    </Modal>
  );
}
