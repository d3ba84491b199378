import { Form, Link, useNavigate, useNavigation } from '@remix-run/react';
import { Modal, primaryButtonClass, secondaryButtonClass } from './ui';

/**
 * The side notice of /profile and /dependents with its Edit button, and the confirmation that editing
 * means doing the benefit enrollment again. The confirmation opens from the address
 * (?edit=1) so it also works without JavaScript; confirming posts `intent=edit`.
 */
export function EditNotice({
  what,
  button,
  confirmOpen,
  closeTo,
  description,
}: {
  what: string;
  button: string;
  confirmOpen: boolean;
  closeTo: string;
  /** The confirmation's text when the screen has its own (My Beneficiaries). */
  description?: string;
}) {
  const navigate = useNavigate();
  const busy = useNavigation().state === 'submitting';
  return (
    <aside aria-labelledby="edit-notice-heading" className="rounded-xl border border-brand-100 bg-brand-50 p-5 text-brand-900">
      <h2 id="edit-notice-heading" className="font-semibold">
        Need to change something?
      </h2>
      <p className="mt-2 text-sm">You can edit your {what} while your enrollment is open. Your benefit enrollment will then have to be completed again.</p>
      <Link to="?edit=1" preventScrollReset className={`${primaryButtonClass} mt-4`}>
        {button}
      </Link>
      <Modal
        open={confirmOpen}
        title={button}
        description={description ?? `If you edit your ${what}, your benefit enrollment must be redone: you will go through the enrollment steps again. Do you want to continue?`}
        onOpenChange={(open) => (open ? undefined : navigate(closeTo, { preventScrollReset: true }))}
      >
        <Form method="post" className="mt-6 flex justify-end gap-3">
          <input type="hidden" name="intent" value="edit" />
          <Link to={closeTo} preventScrollReset className={secondaryButtonClass}>
            Cancel
          </Link>
          <button type="submit" disabled={busy} className={primaryButtonClass}>
            Continue
          </button>
        </Form>
      </Modal>
    </aside>
  );
}
