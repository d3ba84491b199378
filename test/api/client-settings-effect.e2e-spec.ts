import request from 'supertest';
import type { ClientDetail } from '../../api/src/contracts';
import { CensusChoiceMessages } from '../../api/src/contracts/census-choices';
import { Messages } from '../../api/src/contracts/messages';
import { CENSUS_HEADINGS, CENSUS_SHEET } from '../../api/src/contracts/census-import';
import type { ImportIssue } from '../../api/src/contracts/rate-sheet';
import { uniqueEmail } from '../support/fixtures';
import { appWithWorkers, linkFrom } from '../support/mail';
import { toXlsx } from '../support/rate-sheet-fixture';

/**
 * Issue 29: the settings an agent chooses for a client take effect. The access groups and offices chosen are the
 * only ones Add New Employee, Edit Employee and a census file accept (a clear field or row error otherwise), and
 * GET /me names them for the census forms; a client whose lists were never chosen (the seed's Acme) keeps all.
 * The sign-in method chosen is the one its employees' accounts get: by username, Account Setup asks for the email.
 */
describe('a client’s chosen settings take effect', () => {
  const suite = appWithWorkers();
  const http = () => request(suite.t.server);
  const call = (jwt: string, method: 'get' | 'put' | 'post', path: string) => http()[method](`/mbl/api${path}`).set('Authorization', `Bearer ${jwt}`);
  const settings = (over: Record<string, unknown>) => ({
    name: `Birch Books ${Date.now()}-${Math.random().toString(36).slice(2, 6)}`,
    website: 'https://birch.example',
    headerColor: '#22543D',
    footerColor: '#F0FFF4',
    timeZone: 'America/New_York',
    payPeriods: 26,
    planYearStartMonth: 1,
    enableOnboarding: false,
    i9Enabled: false,
    w4Enabled: false,
    payrollEnabled: false,
    eeoEnabled: false,
    enableMidyearChanges: true,
    requireSsn: false,
    authenticationMethod: 'email',
    contacts: [],
    accessGroupIds: [1],
    officeIds: [1],
    ...over,
  });
  /** The agent makes the client and opens it: answers the client and a session acting in it. */
  async function clientWith(over: Record<string, unknown>): Promise<{ client: ClientDetail; jwt: string }> {
    const agent = await suite.t.login('agent@harbor.test');
    const client = (await call(agent, 'post', '/agency/clients').send(settings(over)).expect(201)).body as ClientDetail;
    const jwt = ((await call(agent, 'post', `/agency/clients/${client.id}/open`).expect(200)).body as { jwt: string }).jwt;
    return { client, jwt };
  }
  const person = (over: Record<string, unknown> = {}) => ({ firstName: 'Rosa', lastName: 'Birch', email: uniqueEmail('birch'), groupId: 1, officeId: 1, employmentId: 1, hireDate: '06/01/2025', sendEmail: false, ...over });

  it('access groups and offices: only the chosen ones, in the forms, the API and the census file', async () => {
    const { client, jwt } = await clientWith({ accessGroupIds: [1, 3], officeIds: [1] });
    expect(client).toMatchObject({ accessGroupIds: [1, 3], officeIds: [1] });
    // What the census forms offer.
    expect((await call(jwt, 'get', '/me').expect(200)).body.censusChoices).toEqual({ accessGroupIds: [1, 3], officeIds: [1] });

    // Add New Employee: a group or office the client does not use is a field error; the chosen ones are added.
    expect((await call(jwt, 'post', '/employees').send(person({ groupId: 2 })).expect(400)).body.errors).toEqual([
      { path: 'groupId', message: CensusChoiceMessages.accessGroupNotOffered('Part-Time Employees') },
    ]);
    expect((await call(jwt, 'post', '/employees').send(person({ officeId: 3 })).expect(400)).body.errors).toEqual([
      { path: 'officeId', message: CensusChoiceMessages.officeNotOffered('West Coast Office') },
    ]);
    const added = (await call(jwt, 'post', '/employees').send(person({ groupId: 3 })).expect(201)).body as { id: number };

    // Edit Employee: moving to a group the client does not use is refused; the record's own value stays allowed
    // after the agent drops it from the client's lists.
    const edit = { firstName: 'Rosa', lastName: 'Birch', email: (await call(jwt, 'get', `/employees/${added.id}/employee`).expect(200)).body.email, groupId: 3, officeId: 1, employmentId: 1, hireDate: '06/01/2025' };
    expect((await call(jwt, 'put', `/employees/${added.id}`).send({ ...edit, groupId: 4 }).expect(400)).body.errors).toEqual([
      { path: 'groupId', message: CensusChoiceMessages.accessGroupNotOffered('Executives') },
    ]);
    const agent = await suite.t.login('agent@harbor.test');
    await call(agent, 'put', `/agency/clients/${client.id}`).send(settings({ name: client.name, accessGroupIds: [1], officeIds: [] })).expect(200);
    await call(jwt, 'put', `/employees/${added.id}`).send({ ...edit, title: 'Buyer' }).expect(200);
    // No offices now: none is offered and any is refused.
    expect((await call(jwt, 'get', '/me').expect(200)).body.censusChoices).toEqual({ accessGroupIds: [1], officeIds: [] });
    expect((await call(jwt, 'post', '/employees').send(person({ officeId: 1 })).expect(400)).body.errors).toEqual([
      { path: 'officeId', message: CensusChoiceMessages.officeNotOffered('Headquarters') },
    ]);
    await call(jwt, 'post', '/employees').send(person({ officeId: undefined })).expect(201);

    // A census file: each row with a group or office the client does not use is reported on its row and column.
    const row = (over: Record<string, string>) => ({ 'First name': 'Tam', 'Last name': 'Birch', Email: uniqueEmail('birch-file'), 'Access group': 'Full-Time Employees', 'Employment status': 'Full-Time', 'Hire date': '06/01/2025', ...over });
    const file = await toXlsx({ [CENSUS_SHEET]: [row({}), row({ 'Access group': 'Union Employees' }), row({ Office: 'Remote' })] }, () => CENSUS_HEADINGS);
    const refused = await call(jwt, 'post', '/census-imports').attach('file', file, 'census.xlsx').expect(422);
    expect((refused.body.issues as ImportIssue[]).map(({ sheet, row: r, column, message }) => ({ sheet, row: r, column, message }))).toEqual([
      { sheet: CENSUS_SHEET, row: 3, column: 'Access group', message: CensusChoiceMessages.accessGroupNotOffered('Union Employees') },
      { sheet: CENSUS_SHEET, row: 4, column: 'Office', message: CensusChoiceMessages.officeNotOffered('Remote') },
    ]);
    await call(jwt, 'post', '/census-imports').attach('file', await toXlsx({ [CENSUS_SHEET]: [row({})] }, () => CENSUS_HEADINGS), 'census.xlsx').expect(201);
  });

  it('a client whose lists were never chosen (the seed’s Acme) offers every group and office', async () => {
    const hr = await suite.t.login('hr@acme.test');
    const me = (await call(hr, 'get', '/me').expect(200)).body;
    expect(me.censusChoices).toEqual({ accessGroupIds: [1, 2, 3, 4, 5], officeIds: [1, 2, 3, 4] });
    await call(hr, 'post', '/employees').send(person({ groupId: 5, officeId: 4 })).expect(201);
  });

  it('sign-in method: a username client’s employees get a username from their address and choose their email at registration', async () => {
    const { jwt } = await clientWith({ authenticationMethod: 'username' });
    const local = `kit${Date.now()}`;
    const invite = async (domain: string) => {
      const email = `${local}@${domain}.example`;
      const mark = suite.mail.mark();
      await call(jwt, 'post', '/employees').send(person({ firstName: 'Kit', email, sendEmail: true })).expect(201);
      const token = linkFrom(await suite.mail.next(email, /registration|welcome/i, mark), '/mbl/registration').searchParams.get('token')!;
      return { email, token };
    };
    // The welcome email goes to the address HR entered; the account signs in with a username made from it.
    const first = await invite('birch-one');
    expect((await http().get(`/mbl/api/registration?token=${first.token}`).expect(200)).body).toEqual({ firstName: 'Kit', lastName: 'Birch', email: null, authenticationMethod: 'username', username: local });
    // A second address with the same name before @ gets the next free username.
    const second = await invite('birch-two');
    expect((await http().get(`/mbl/api/registration?token=${second.token}`).expect(200)).body).toMatchObject({ authenticationMethod: 'username', username: `${local}2` });

    // Account Setup asks for the email (required), then the username signs in.
    const body = { token: first.token, password: 'Birch-kit-2027', securityQuestionId: '1', securityAnswer: 'Rye' };
    expect((await http().post('/mbl/api/registration').send(body).expect(400)).body.errors).toEqual([{ path: 'email', message: Messages.fieldRequired }]);
    const own = uniqueEmail('kit-own');
    await http().post('/mbl/api/registration').send({ ...body, email: own }).expect(200);
    await suite.t.login(local, 'Birch-kit-2027');
    const [account] = await suite.db.query('SELECT a.username::text, a.email::text, a.authentication_method FROM account a JOIN employee e ON e.account_id = a.id WHERE e.email = $1', [first.email]);
    expect(account).toEqual({ username: local, email: own, authentication_method: 'username' });
  });

  it('sign-in method: an email client’s employees sign in with the address HR entered', async () => {
    const { jwt } = await clientWith({ authenticationMethod: 'email' });
    const email = uniqueEmail('birch-mail');
    const mark = suite.mail.mark();
    await call(jwt, 'post', '/employees').send(person({ email, sendEmail: true })).expect(201);
    const token = linkFrom(await suite.mail.next(email, /registration|welcome/i, mark), '/mbl/registration').searchParams.get('token')!;
    expect((await http().get(`/mbl/api/registration?token=${token}`).expect(200)).body).toMatchObject({ email, authenticationMethod: 'email', username: email });
  });
});
