import { Form, Link, useNavigate, useNavigation } from '@remix-run/react';
import { Modal, primaryButtonClass, secondaryButtonClass } from './ui';

/**
 * A delete confirmation addressed by the page's URL (so it works without JavaScript): Cancel goes back to
 * `closeTo`, Delete posts `screen` and `id` to the page's action.
 */
export function ConfirmDeleteDialog({ title, description, screen, id, closeTo }: { title: string; description: string; screen: string; id: number; closeTo: string }) {
  const busy = useNavigation().state === 'submitting';
  const navigate = useNavigate();
  return (
    <Modal open title={title} description={description} onOpenChange={(isOpen) => (isOpen ? undefined : navigate(closeTo, { preventScrollReset: true }))}>
      <Form method="post" className="mt-6 flex justify-end gap-3">
        <input type="hidden" name="screen" value={screen} />
        <input type="hidden" name="id" value={id} />
        <Link to={closeTo} preventScrollReset className={secondaryButtonClass}>
          Cancel
        </Link>
        <button type="submit" disabled={busy} className={primaryButtonClass}>
          Delete
        </button>
      </Form>
    </Modal>
  );
}
