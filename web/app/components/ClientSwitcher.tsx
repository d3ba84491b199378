import { Form } from '@remix-run/react';

/**
 * An agent works in one client at a time; this opens another client of the agency. A plain form with a
 * button (no auto-submit on change), so keyboard and screen-reader users pick before anything happens,
 * and it works before JavaScript loads.
 */
export function ClientSwitcher({ clients }: { clients: { id: number; name: string; current: boolean }[] }) {
  const current = clients.find((c) => c.current);
  return (
    // Every width: at 390 px the label hides visually and the select narrows.
    <Form method="post" action="/switch-client" reloadDocument className="flex min-w-0 items-center gap-1 sm:gap-2">
      <label htmlFor="client-switcher" className="sr-only text-sm font-medium sm:not-sr-only">
        Client
      </label>
      <select
        id="client-switcher"
        name="clientId"
        defaultValue={current?.id}
        className="h-11 w-[7.5rem] min-w-0 rounded-md border border-current/30 bg-white px-2 text-sm text-slate-900 sm:h-9 sm:w-auto sm:max-w-[200px]"
      >
        {clients.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </select>
      <button type="submit" className="h-11 shrink-0 rounded-md border border-current/40 px-3 text-sm font-semibold hover:bg-current/10 sm:h-9">
        Open
      </button>
    </Form>
  );
}
