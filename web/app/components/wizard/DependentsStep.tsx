import { useEffect, useState } from 'react';
import * as Accordion from '@radix-ui/react-accordion';
import { Form, Link, useNavigation } from '@remix-run/react';
import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { incompleteDependentNames, incompleteDependentsMessage, Messages, type CurrentUser, type Dependent } from '@bp/api/contracts';
import { ConfirmDeleteDialog } from '~/components/ConfirmDeleteDialog';
import { DependentCard } from '~/components/DependentCard';
import { Alert, primaryButtonClass, secondaryButtonClass, useHydrated } from '~/components/ui';
import { dependentsNextSchema } from '~/lib/dependent-forms';
import type { FormOptions } from '~/lib/employee-data.server';
import { DEPENDENTS_INDEX, WIZARD_STEPS } from '~/lib/registration-steps';
import { DependentDialog } from './DependentDialog';
import { AddressFields, type AddressFieldSet, type SetField } from './fields';
import { WizardActions } from './WizardActions';

export interface DependentsStepData {
  dependents: Dependent[];
  employee: { firstName: string; lastName: string };
  options: FormOptions;
  /** The dialog the address asks for: 'new', a dependent's id, or none. */
  dialog: { kind: 'edit'; dependent: Dependent | null } | { kind: 'delete'; dependent: Dependent } | null;
}

const nameOf = (d: Dependent) => [d.firstName, d.lastName].filter(Boolean).join(' ') || 'Unnamed dependent';

const text = (v: string | null): string | undefined => v ?? undefined;

/**
 * Registration step 3, Dependents. Cards with edit and delete, the
 * same-address checkbox with one accordion per dependent, the incomplete banner, and Next, which saves the
 * addresses and then the step. Dialogs open from the address (?dependent=, ?delete=) so they need no script.
 */
export function DependentsStep({
  data,
  user,
  stepPath,
  backTo,
  dialogResult,
  nextResult,
}: {
  data: DependentsStepData;
  user: CurrentUser;
  /** This step's own address, which every dialog returns to. */
  stepPath: string;
  backTo: string;
  dialogResult: SubmissionResult<string[]> | undefined;
  nextResult: SubmissionResult<string[]> | undefined;
}) {
  const { dependents, employee, options, dialog } = data;
  const hydrated = useHydrated();
  const busy = useNavigation().state === 'submitting';
  const incomplete = incompleteDependentNames(dependents);
  const join = (key: string, value: string | number) => `${stepPath}&${key}=${value}`;

  // The flag starts true when nobody lives elsewhere and follows the list.
  const differentIds = dependents.filter((d) => d.dependentDifferentAddress).map((d) => String(d.id));
  const listKey = dependents.map((d) => `${d.id}:${d.dependentDifferentAddress}`).join(',');
  const [open, setOpen] = useState<string[]>(differentIds);
  const [sameAddress, setSameAddress] = useState(differentIds.length === 0);
  useEffect(() => {
    const ids = listKey
      .split(',')
      .filter((entry) => entry.endsWith(':true'))
      .map((entry) => entry.split(':')[0] ?? '');
    setOpen(ids);
    setSameAddress(ids.length === 0);
  }, [listKey]);

  const [form, fields] = useForm({
    id: `dependent-addresses-${listKey}`,
    lastResult: nextResult,
    defaultValue: {
      sameAddress: differentIds.length === 0 ? 'on' : undefined,
      addresses: dependents.map((d) => ({
        id: String(d.id),
        dependentDifferentAddress: d.dependentDifferentAddress ? 'on' : undefined,
        address1: d.dependentDifferentAddress ? text(d.address1) : undefined,
        address2: d.dependentDifferentAddress ? text(d.address2) : undefined,
        city: d.dependentDifferentAddress ? text(d.city) : undefined,
        state: d.dependentDifferentAddress ? text(d.state) : undefined,
        zip: d.dependentDifferentAddress ? text(d.zip) : undefined,
      })),
    },
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: dependentsNextSchema }),
  });
  const set: SetField = (name, value) => form.update({ name, value });
  const items = fields.addresses.getFieldList();

  const bannerId = 'dependents-incomplete';
  return (
    <div>
      <h2 className="text-lg font-semibold text-slate-900">{WIZARD_STEPS[DEPENDENTS_INDEX]}</h2>
      <p className="mt-4 rounded-md border border-brand-100 bg-brand-50 px-4 py-3 text-sm text-brand-900">
        {employee.firstName ? `Hi ${employee.firstName}! ` : null}
        Please enter your spouse and children. List all dependents who should be covered under your insurance.
      </p>

      <div className="mt-6">
        <Link to={join('dependent', 'new')} preventScrollReset className={primaryButtonClass}>
          Add Dependent
        </Link>
      </div>

      {dependents.length > 0 ? (
        <ul aria-label="Your dependents" className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {dependents.map((d) => (
            <li key={d.id}>
              <DependentCard dependent={d} genders={options.gender} editTo={join('dependent', d.id)} deleteTo={join('delete', d.id)} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-6 text-sm text-slate-700">{Messages.noDependents}</p>
      )}

      {incomplete.length > 0 ? (
        <Alert tone="error" id={bannerId} className="mt-6">
          {incompleteDependentsMessage(incomplete)}
        </Alert>
      ) : null}

      <Form method="post" {...getFormProps(form)} className="mt-6">
        <input type="hidden" name="screen" value="dependents" />
        {dependents.length > 0 ? (
          <fieldset>
            <legend className="sr-only">Home address of your dependents</legend>
            <label className="inline-flex items-center gap-2 text-sm font-medium text-slate-800">
              <input
                type="checkbox"
                name={fields.sameAddress.name}
                // Always controlled (switching from defaultChecked after hydration is a React error). Before
                // hydration the browser still toggles it natively, and the plain form posts what is ticked.
                checked={sameAddress}
                onChange={(event) => {
                  const checked = event.currentTarget.checked;
                  setSameAddress(checked);
                  // Checking clears every different-address form.
                  if (checked) setOpen([]);
                }}
                className="h-4 w-4 rounded border-slate-400 text-brand-700"
              />
              {Messages.allDependentsAtHome}
            </label>
            {!sameAddress || !hydrated ? (
              <div className="mt-4">
                <p className="text-sm text-slate-700">{Messages.selectDifferentAddress}</p>
                {hydrated ? (
                  <Accordion.Root
                    type="multiple"
                    value={open}
                    onValueChange={(next) => {
                      setOpen(next);
                      // Collapsing the last different address makes everyone live at home again.
                      if (next.length === 0 && open.length > 0) setSameAddress(true);
                    }}
                    className="mt-3 divide-y divide-slate-200 rounded-lg border border-slate-200"
                  >
                    {items.map((item, index) => {
                      const d = dependents[index];
                      if (!d) return null;
                      const f = item.getFieldset();
                      const id = String(d.id);
                      const isOpen = open.includes(id);
                      return (
                        <Accordion.Item key={d.id} value={id}>
                          <input type="hidden" name={f.id.name} value={id} />
                          {isOpen ? <input type="hidden" name={f.dependentDifferentAddress.name} value="on" /> : null}
                          <Accordion.Header>
                            <Accordion.Trigger className="group flex w-full items-center justify-between px-4 py-3 text-left text-sm font-semibold text-slate-900 hover:bg-slate-50">
                              <span>
                                {nameOf(d)}
                                <span className="ml-2 font-normal text-slate-700">{isOpen ? 'Different home address' : 'Lives at my home address'}</span>
                              </span>
                              <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5 transition-transform group-data-[state=open]:rotate-180" fill="currentColor">
                                <path fillRule="evenodd" d="M5.22 8.22a.75.75 0 0 1 1.06 0L10 11.94l3.72-3.72a.75.75 0 1 1 1.06 1.06l-4.25 4.25a.75.75 0 0 1-1.06 0L5.22 9.28a.75.75 0 0 1 0-1.06Z" clipRule="evenodd" />
                              </svg>
                            </Accordion.Trigger>
                          </Accordion.Header>
                          <Accordion.Content className="px-4 pb-4">
                            <AddressFields fields={f as AddressFieldSet} states={options.state} set={set} />
                            <button
                              type="button"
                              onClick={() => {
                                const next = open.filter((o) => o !== id);
                                setOpen(next);
                                if (next.length === 0) setSameAddress(true);
                              }}
                              className={`${secondaryButtonClass} mt-4`}
                            >
                              Decline
                            </button>
                          </Accordion.Content>
                        </Accordion.Item>
                      );
                    })}
                  </Accordion.Root>
                ) : (
                  // Without JavaScript: every dependent with its own checkbox and address form.
                  <div className="mt-3 space-y-6">
                    {items.map((item, index) => {
                      const d = dependents[index];
                      if (!d) return null;
                      const f = item.getFieldset();
                      return (
                        <fieldset key={d.id} className="rounded-lg border border-slate-200 p-4">
                          <legend className="px-1 text-sm font-semibold text-slate-900">{nameOf(d)}</legend>
                          <input type="hidden" name={f.id.name} value={d.id} />
                          <label className="mb-3 inline-flex items-center gap-2 text-sm font-medium text-slate-800">
                            <input type="checkbox" name={f.dependentDifferentAddress.name} defaultChecked={d.dependentDifferentAddress} className="h-4 w-4" />
                            Different home address
                          </label>
                          <AddressFields fields={f as AddressFieldSet} states={options.state} set={set} required={false} />
                        </fieldset>
                      );
                    })}
                  </div>
                )}
              </div>
            ) : null}
          </fieldset>
        ) : null}
        <WizardActions backTo={backTo} busy={busy} nextDisabled={incomplete.length > 0} nextDescribedBy={incomplete.length > 0 ? bannerId : undefined} />
      </Form>

      {dialog?.kind === 'edit' ? (
        <DependentDialog
          key={dialog.dependent?.id ?? 'new'}
          dependent={dialog.dependent}
          employeeLastName={employee.lastName}
          requireSsn={user.requireSsn}
          options={options}
          closeTo={stepPath}
          lastResult={dialogResult}
        />
      ) : null}
      {dialog?.kind === 'delete' ? <DeleteDialog dependent={dialog.dependent} closeTo={stepPath} /> : null}
    </div>
  );
}

function DeleteDialog({ dependent, closeTo }: { dependent: Dependent; closeTo: string }) {
  return (
    <ConfirmDeleteDialog
      title={`Delete ${nameOf(dependent)}`}
      description={Messages.confirmDeleteDependent}
      screen="delete"
      id={dependent.id}
      closeTo={closeTo}
    />
  );
}
