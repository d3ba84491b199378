import { CommunicationMessages, defaultSubject, SUBJECT_MAX_LENGTH, ZCampaignPreviewRequest, ZCampaignSubject, ZSendEmailsRequest } from './communications';

/** The first message of a failed parse, or 'ok' and the value. */
function outcome(schema: { safeParse: (v: unknown) => { success: true; data: unknown } | { success: false; error: { issues: Array<{ message: string }> } } }, value: unknown): unknown {
  const r = schema.safeParse(value);
  return r.success ? ['ok', r.data] : r.error.issues[0]?.message;
}

describe('a custom email subject', () => {
  it.each([
    ['Benefits fair on Friday', ['ok', 'Benefits fair on Friday']],
    ['  Open enrollment: read me  ', ['ok', 'Open enrollment: read me']],
    ['Q&A <today> "quoted"', ['ok', 'Q&A <today> "quoted"']],
    ['', ['ok', undefined]],
    ['   ', ['ok', undefined]],
    [null, ['ok', undefined]],
    [undefined, ['ok', undefined]],
    ['x'.repeat(SUBJECT_MAX_LENGTH), ['ok', 'x'.repeat(SUBJECT_MAX_LENGTH)]],
    ['x'.repeat(SUBJECT_MAX_LENGTH + 1), CommunicationMessages.subjectMax],
    ['Hi\r\nBcc: everyone@example.com', CommunicationMessages.subjectOneLine],
    ['Tab\there', CommunicationMessages.subjectOneLine],
    ['Line\u2028separator', CommunicationMessages.subjectOneLine],
  ])('%j -> %j', (value, expected) => {
    expect(outcome(ZCampaignSubject, value)).toEqual(expected);
  });

  it("defaults to 'A message from {client}'", () => {
    expect(defaultSubject('Acme Corp')).toBe('A message from Acme Corp');
  });

  it.each([
    [{ recipients: { '1': '' }, emailType: 3, comment: '<p>Hi</p>', subject: 'Fair' }, 'ok'],
    [{ recipients: { '1': '' }, emailType: 3, comment: '<p>Hi</p>' }, 'ok'],
    [{ recipients: { '1': '' }, emailType: 3, comment: '<p>Hi</p>', subject: 'x'.repeat(151) }, CommunicationMessages.subjectMax],
    [{ recipients: { '1': '' }, emailType: 3, comment: '<p> </p>', subject: 'Fair' }, CommunicationMessages.commentRequired],
  ])('send %j -> %s', (body, expected) => {
    const r = outcome(ZSendEmailsRequest, body);
    expect(Array.isArray(r) ? r[0] : r).toBe(expected);
  });

  it.each([
    [{ comment: '<p>Hi</p>' }, ['ok', { comment: '<p>Hi</p>' }]],
    [{ comment: '<p>Hi</p>', subject: ' Fair ', employeeId: '12' }, ['ok', { comment: '<p>Hi</p>', subject: 'Fair', employeeId: 12 }]],
    [{ comment: '<p>Hi</p>', employeeId: '' }, ['ok', { comment: '<p>Hi</p>' }]],
    [{ comment: '<p>Hi</p>', employeeId: 'x' }, 'Invalid input: expected number, received NaN'],
    [{ comment: '' }, CommunicationMessages.commentRequired],
    [{ comment: '<p>Hi</p>', subject: 'a\nb' }, CommunicationMessages.subjectOneLine],
  ])('preview %j -> %j', (body, expected) => {
    expect(outcome(ZCampaignPreviewRequest, body)).toEqual(expected);
  });
});
