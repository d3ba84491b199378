import type { EntityManager } from 'typeorm';
import type { FileStorage } from '../modules/files/file-storage';
import { simplePdf } from './pdf';

/**
 * Acme's onboarding documents: one to open and acknowledge with a typed name, one with a field of
 * every type, a required upload and HR approval. Created once; the handbook's bytes are rewritten each run.
 */
export async function seedOnboardingDocuments(m: EntityManager, storage: FileStorage, clientId: number): Promise<boolean> {
  const key = `client-${clientId}/onboarding/employee-handbook.pdf`;
  const pdf = simplePdf('Acme Corp Employee Handbook', [
    'Welcome to Acme Corp.',
    'Working hours, time off, conduct, safety and the use of company equipment are described here.',
    'Please read the whole handbook and acknowledge it in the onboarding wizard.',
  ]);
  await storage.put(key, pdf);
  const existing = (await m.query('SELECT id FROM onboarding_document WHERE client_id = $1 LIMIT 1', [clientId])) as Array<{ id: number }>;
  if (existing.length > 0) return false;
  const [file] = (await m.query(
    `INSERT INTO file (client_id, title, file_type, storage_key, content_type, size_bytes) VALUES ($1, 'Employee Handbook', 'client', $2, 'application/pdf', $3) RETURNING id`,
    [clientId, key, pdf.length],
  )) as Array<{ id: number }>;
  await m.query(
    `INSERT INTO onboarding_document (client_id, title, comment_html, file_ids, require_file_view, require_acknowledgment, sort_order)
     VALUES ($1, 'Employee Handbook', $2, $3, true, true, 1)`,
    [clientId, '<p>Please open and read the <strong>Employee Handbook</strong>, then acknowledge it with your full name.</p>', [file!.id]],
  );
  const fields = [
    { id: 1, fieldLabel: 'Emergency contact name', fieldType: 'text' },
    { id: 2, fieldLabel: 'Emergency contact phone', fieldType: 'phone' },
    { id: 3, fieldLabel: 'Emergency contact email', fieldType: 'email' },
    { id: 4, fieldLabel: 'Emergency contact state', fieldType: 'state' },
    { id: 5, fieldLabel: 'Emergency contact ZIP code', fieldType: 'zip' },
    { id: 6, fieldLabel: 'Start date you agreed with your manager', fieldType: 'date' },
    { id: 7, fieldLabel: 'T-shirt size', fieldType: 'dropdown', options: ['S', 'M', 'L', 'XL'] },
    { id: 8, fieldLabel: 'Monthly commuter benefit you plan to use', fieldType: 'amount' },
    { id: 9, fieldLabel: 'SSN of your emergency contact (for our insurer)', fieldType: 'ssn' },
    { id: 10, fieldLabel: 'Anything we should know (allergies, accessibility needs)', fieldType: 'textarea' },
    { id: 11, fieldLabel: 'I may be contacted by text message', fieldType: 'checkbox' },
  ];
  await m.query(
    `INSERT INTO onboarding_document (client_id, title, comment_html, custom_fields, require_file_upload, require_approval, sort_order)
     VALUES ($1, 'Emergency Contact and Identification', $2, $3, true, true, 2)`,
    [clientId, '<p>Tell us whom to call in an emergency, and upload a photo or scan of a government-issued ID. HR reviews this document.</p>', JSON.stringify(fields)],
  );
  return true;
}
