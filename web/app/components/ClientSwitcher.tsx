import { Form } from '@remix-run/react';

/**
 * An agent works in one client at a time; this opens another client of the agency. A plain form with a
 * button (no auto-submit on change), so keyboard and screen-reader users pick before anything happens,
 * and it works before JavaScript loads.
 */
export function ClientSwitcher({ clients }: { clients: { id: number; name: string; current: boolean }[] }) {
  const current = clients.find((c) => c.current);
  return (
    <Form method="post" action="/switch-client" reloadDocument className="hidden items-center gap-2 md:flex">
      <label htmlFor="client-switcher" className="text-sm font-medium">
        Client
      </label>
      <select
        id="client-switcher"
        name="clientId"
        defaultValue={current?.id}
        className="h-9 max-w-[200px] rounded-md border border-current/30 bg-white px-2 text-sm text-slate-900"
      >
        {clients.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </select>
      <button type="submit" className="h-9 rounded-md border border-current/40 px-3 text-sm font-semibold hover:bg-current/10">
        Open
      </button>
    </Form>
  );
}
