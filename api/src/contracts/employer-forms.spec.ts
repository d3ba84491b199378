import { EmployerFormMessages, ZEmployerFormStep, stepFields } from './employer-forms';

describe('stepFields (the fields a step keeps from HR\'s rows)', () => {
  const row = (o: Partial<{ id: number; label: string; type: 'text' | 'dropdown' | 'ssn'; options: string; remove: boolean }>) => ({ label: '', type: 'text' as const, options: '', remove: false, ...o });
  it.each([
    ['keeps existing ids and numbers new rows after the highest', [row({ id: 3, label: 'A' }), row({ label: 'B', type: 'ssn' })], [3], { fields: [{ id: 3, fieldLabel: 'A', fieldType: 'text' }, { id: 4, fieldLabel: 'B', fieldType: 'ssn' }] }],
    ['drops removed rows and empty new rows', [row({ id: 1, label: 'A', remove: true }), row({}), row({ label: 'C' })], [1], { fields: [{ id: 2, fieldLabel: 'C', fieldType: 'text' }] }],
    ['splits dropdown choices, trimmed and once each', [row({ label: 'Size', type: 'dropdown', options: ' S, M ,,M, L' })], [], { fields: [{ id: 1, fieldLabel: 'Size', fieldType: 'dropdown', options: ['S', 'M', 'L'] }] }],
    ['refuses a dropdown without choices', [row({ label: 'Size', type: 'dropdown' })], [], { error: EmployerFormMessages.optionsRequired, row: 0 }],
    ['refuses a row with choices but no label', [row({ label: 'A' }), row({ options: 'x' })], [], { error: EmployerFormMessages.labelRequired, row: 1 }],
    ['does not take an id of another step', [row({ id: 99, label: 'A' })], [1], { fields: [{ id: 100, fieldLabel: 'A', fieldType: 'text' }] }],
  ])('%s', (_name, rows, existing, expected) => {
    expect(stepFields(rows, new Set(existing))).toEqual(expected);
  });
});

describe('ZEmployerFormStep (the urlencoded form)', () => {
  it('reads checkboxes, sparse field rows and one or many file ids', () => {
    const parsed = ZEmployerFormStep.parse({ title: ' W-9 ', requireApproval: 'on', fields: { 0: { label: 'A' }, 2: { label: 'B', type: 'zip' } }, fileIds: '7' });
    expect(parsed).toMatchObject({ title: 'W-9', requireApproval: true, requireFileView: false, fileIds: [7], fields: [{ label: 'A', type: 'text' }, { label: 'B', type: 'zip' }] });
  });
  it('requires a title', () => {
    const r = ZEmployerFormStep.safeParse({ title: '  ' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]).toMatchObject({ path: ['title'], message: 'Field is required' });
  });
});
