import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { getFormProps, getSelectProps, getTextareaProps, useForm } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import { z } from 'zod';
import { CONTACT_FORM_TITLES, CONTACT_TYPES, CommunicationMessages, MESSAGE_MAX_LENGTH, ZContactList, ZContactMessage, fullName, type Contact, type ContactType } from '@bp/api/contracts';
import { Alert, FieldError, inputClass, labelClass, primaryButtonClass } from '~/components/ui';
import { apiCall } from '~/lib/api.server';
import { pageTitle } from '~/lib/meta';
import { requireUser, throwOnSessionFailure } from '~/lib/shell.server';

export { RouteErrorBoundary as ErrorBoundary } from '~/components/RouteErrorBoundary';

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, 'Contact') }];

/** The contact page: the client's HR and insurance agent contacts. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { token, user } = await requireUser(request, context);
  const contacts = await apiCall(ZContactList, '/contacts', { token, request, context });
  if (!contacts.ok) {
    await throwOnSessionFailure(contacts);
    throw new Response(CommunicationMessages.contactError, { status: 503 });
  }
  // Only someone with an employee record writes from here (the reply goes to them); an agent reads the contacts.
  return { contacts: contacts.data, canWrite: user.employeeId !== null };
}

/** POST /contacts: the form says which of the two it is (contactType). */
export async function action({ request, context }: ActionFunctionArgs) {
  const { token } = await requireUser(request, context);
  const submission = parseWithZod(await request.formData(), { schema: ZContactMessage });
  const contactType = submission.payload.contactType === 'agent' ? 'agent' : 'hr';
  if (submission.status !== 'success') return data({ contactType, sent: false, reply: submission.reply() }, { status: 400 });
  const result = await apiCall(z.object({ success: z.literal(true) }), '/contacts', { method: 'POST', body: submission.value, token, request, context });
  if (result.ok) return { contactType, sent: true, reply: submission.reply({ resetForm: true }) };
  await throwOnSessionFailure(result);
  return data({ contactType, sent: false, reply: submission.reply({ formErrors: [CommunicationMessages.contactError] }) }, { status: result.status >= 400 ? result.status : 500 });
}

export default function ContactRoute() {
  const { contacts, canWrite } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="page-heading" className="mx-auto max-w-5xl">
      <h1 id="page-heading" className="text-2xl font-semibold tracking-tight text-slate-900">
        Contact
      </h1>
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        {CONTACT_TYPES.map((type) => (
          <ContactForm key={type} type={type} contacts={contacts.filter((c) => c.contactType === type)} canWrite={canWrite} />
        ))}
      </div>
    </section>
  );
}

function ContactForm({ type, contacts, canWrite }: { type: ContactType; contacts: Contact[]; canWrite: boolean }) {
  const answer = useActionData<typeof action>();
  const mine = answer?.contactType === type ? answer : undefined;
  const navigation = useNavigation();
  const sending = navigation.state === 'submitting' && navigation.formData?.get('contactType') === type;
  const [form, fields] = useForm({
    id: `contact-${type}`,
    lastResult: mine?.reply,
    constraint: getZodConstraint(ZContactMessage),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ZContactMessage }),
    defaultValue: { contactType: type, contactId: contacts.length === 1 ? String(contacts[0]!.contactId) : '' },
  });
  const headingId = `contact-${type}-heading`;
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {CONTACT_FORM_TITLES[type]}
      </h2>
      {contacts.length === 0 ? (
        <div className="mt-3 text-slate-700">
          <p className="font-medium">{CommunicationMessages.noContacts}</p>
          <p className="mt-1 text-sm">{CommunicationMessages.comeBackLater}</p>
        </div>
      ) : (
        <>
          <ul className="mt-3 space-y-2 text-sm text-slate-800" aria-label={`${CONTACT_FORM_TITLES[type]}: contacts`}>
            {contacts.map((c) => (
              <li key={c.contactId}>
                <span className="font-medium">{fullName(c)}</span>
                {c.phone ? <span className="block">{c.phone}</span> : null}
                <a href={`mailto:${c.email}`} className="block text-brand-800 underline">
                  {c.email}
                </a>
              </li>
            ))}
          </ul>
          {canWrite ? (
            <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4">
              {/* The message stays for the feedback delay, then goes. */}
              {mine?.sent ? (
                <Alert tone="success" autoHide resetKey={mine}>
                  {CommunicationMessages.contactSent}
                </Alert>
              ) : form.errors?.length ? (
                <Alert tone="error" resetKey={mine} id={form.errorId}>
                  {form.errors[0]}
                </Alert>
              ) : null}
              <input type="hidden" name="contactType" value={type} />
              <div>
                <label htmlFor={fields.contactId.id} className={labelClass}>
                  Contact
                </label>
                <select {...getSelectProps(fields.contactId)} className={inputClass}>
                  <option value="">Select</option>
                  {contacts.map((c) => (
                    <option key={c.contactId} value={c.contactId}>
                      {fullName(c)}
                    </option>
                  ))}
                </select>
                <FieldError id={fields.contactId.errorId} errors={fields.contactId.errors} />
              </div>
              <div>
                <label htmlFor={fields.message.id} className={labelClass}>
                  Message
                </label>
                <textarea {...getTextareaProps(fields.message)} rows={5} maxLength={MESSAGE_MAX_LENGTH} className={inputClass} />
                <FieldError id={fields.message.errorId} errors={fields.message.errors} />
              </div>
              <div className="flex justify-end">
                <button type="submit" disabled={sending} className={primaryButtonClass}>
                  {sending ? 'Sending…' : 'Send'}
                </button>
              </div>
            </Form>
          ) : null}
        </>
      )}
    </section>
  );
}
