import request from 'supertest';
import { DataSource } from 'typeorm';
import { createTestApp, type TestApp } from '../support/app';
import { auditRows, createPerson } from '../support/fixtures';

describe('privacy notice agreement', () => {
  let t: TestApp;
  let db: DataSource;

  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.get(DataSource);
  });
  afterAll(() => t.close());

  const api = () => request(t.server);

  it('records the agreement, which /me then reports against the revision date', async () => {
    const p = await createPerson(db, { registered: true, privacyAgreed: false });
    const jwt = await t.login(p.email);
    const before = await api().get('/mbl/api/me').set('Authorization', `Bearer ${jwt}`).expect(200);
    expect(before.body).toMatchObject({ mblPrivacyPolicyAgreement: false, privacyNotice: { revisionDate: '01/01/2026', mblUrl: 'https://acme.example/privacy-notice' } });

    await api().post('/mbl/api/update-privacy-policy').set('Authorization', `Bearer ${jwt}`).expect(200, { success: true });
    const after = await api().get('/mbl/api/me').set('Authorization', `Bearer ${jwt}`).expect(200);
    expect(after.body.mblPrivacyPolicyAgreement).toBe(true);
    const audits = await auditRows(db, p.employeeId, 'update');
    expect(audits).toEqual([expect.objectContaining({ event_type: 'Privacy notice', performed_by: p.accountId, on_behalf_of: null })]);

    // A newer revision asks again.
    await db.query(`UPDATE account SET privacy_policy_agreed_at = '2025-12-31' WHERE id = $1`, [p.accountId]);
    expect((await api().get('/mbl/api/me').set('Authorization', `Bearer ${jwt}`).expect(200)).body.mblPrivacyPolicyAgreement).toBe(false);
  });

  it('is refused while impersonating: only the person agrees', async () => {
    const p = await createPerson(db, { registered: true, privacyAgreed: false });
    const hr = await t.login('hr@acme.test');
    const imp = (await api().post(`/mbl/api/employees/${p.employeeId}/impersonate`).set('Authorization', `Bearer ${hr}`).send({ reason: 'enrollment' }).expect(200)).body.jwt as string;
    await api().post('/mbl/api/update-privacy-policy').set('Authorization', `Bearer ${imp}`).expect(403);
    const [row] = await db.query('SELECT privacy_policy_agreed_at FROM account WHERE id = $1', [p.accountId]);
    expect(row.privacy_policy_agreed_at).toBeNull();
    await api().post('/mbl/api/update-privacy-policy').expect(401);
  });
});
