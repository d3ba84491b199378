import type { EntityManager } from 'typeorm';

/**
 * Acme's contacts for the contact page (HR and the broker's agent), and a category for its company files so
 * My Documents shows its grouping. Created once.
 */
export async function seedContacts(m: EntityManager, clientId: number): Promise<boolean> {
  const existing = (await m.query('SELECT 1 FROM contact WHERE client_id = $1 LIMIT 1', [clientId])) as unknown[];
  if (existing.length > 0) return false;
  await m.query(
    `INSERT INTO contact (client_id, contact_type, first_name, last_name, phone, email) VALUES
       ($1, 'hr', 'Helen', 'Ross', '555-201-0100', 'hr@acme.test'),
       ($1, 'agent', 'Alex', 'Morgan', '555-301-0200', 'agent@harbor.test')`,
    [clientId],
  );
  const [category] = (await m.query(`INSERT INTO file_category (client_id, name) VALUES ($1, 'Policies') RETURNING id`, [clientId])) as Array<{ id: number }>;
  await m.query(`UPDATE file SET category_id = $2 WHERE client_id = $1 AND file_type = 'client' AND title = 'Employee Handbook'`, [clientId, category!.id]);
  return true;
}
