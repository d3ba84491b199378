import { Client } from 'pg';

/**
 * The bench's client of 10,000 employees (census at scale) and its administrator hr@bench.test (Acme's password), made
 * once per bench database with the owner's login; used by the census list bench and the census page bench.
 */
export async function ensureCensusClient(ownerUrl: string, log: (line: string) => void): Promise<void> {
  const census = new Client({ connectionString: ownerUrl });
  await census.connect();
  try {
    const [existing] = (await census.query(`SELECT id FROM client WHERE name = 'Bench Census Co'`)).rows as Array<{ id: number }>;
    if (existing) return;
    log('adding a client of 10,000 employees (once per bench database)\n');
    const [client] = (await census.query(`INSERT INTO client (agency_id, name) SELECT agency_id, 'Bench Census Co' FROM client WHERE name = 'Acme Corp' RETURNING id`)).rows as Array<{ id: number }>;
    await census.query(
      `INSERT INTO account (client_id, username, email, authentication_method, password_hash, role_type, first_name, last_name, registration_step,
                           security_question_id, security_answer_hash, privacy_policy_agreed_at)
       SELECT $1, 'hr@bench.test', 'hr@bench.test', 'email', password_hash, 1, 'Bench', 'Admin', 0, security_question_id, security_answer_hash, now()
         FROM account WHERE username = 'hr@acme.test'`,
      [client!.id],
    );
    await census.query(
      `INSERT INTO employee (client_id, first_name, last_name, email, terminated, cobra, marital_status_id)
       SELECT $1, (ARRAY['Ava','Ben','Cara','Dev','Eli','Fay','Gus','Hana','Ian','Jo'])[1 + i % 10],
              (ARRAY['Smith','Jones','Garcia','Miller','Davis','Lopez','Wilson','Moore','Clark','Young','Hill','Baker'])[1 + i % 12] || ' ' || i,
              'person' || i || '@bench.test', i % 17 = 0, i % 41 = 0, 1
         FROM generate_series(1, 10000) i`,
      [client!.id],
    );
    await census.query('VACUUM ANALYZE employee');
  } finally {
    await census.end();
  }
}
