import { anyChanged, auditChanges, type AuditedField } from './field-changes';

const FIELDS: Record<string, AuditedField> = {
  firstName: { title: 'First name' },
  gender: { title: 'Gender', kind: { option: 'gender' } },
  ssn: { title: 'SSN', kind: 'ssn' },
  disabled: { title: 'Totally disabled', kind: 'flag' },
};

describe('audit field changes', () => {
  it('create: no old values, new values shown, SSN masked', () => {
    expect(auditChanges(FIELDS, null, { firstName: 'John', gender: 1, ssn: '123-45-6711', disabled: 0 })).toEqual([
      { title: 'First name', oldValue: null, newValue: 'John', changed: true },
      { title: 'Gender', oldValue: null, newValue: 'Male', changed: true },
      { title: 'SSN', oldValue: null, newValue: 'XXX-XX-6711', changed: true },
      { title: 'Totally disabled', oldValue: null, newValue: 'No', changed: true },
    ]);
  });

  it('update: changed compares real values, so a new SSN with the same last four still counts', () => {
    const changes = auditChanges(FIELDS, { firstName: 'John', gender: 1, ssn: '123-45-6711', disabled: 0 }, { firstName: 'John', gender: '1', ssn: '987-65-6711', disabled: 0 });
    expect(changes).toEqual([
      { title: 'First name', oldValue: 'John', newValue: 'John', changed: false },
      { title: 'Gender', oldValue: 'Male', newValue: 'Male', changed: false },
      { title: 'SSN', oldValue: 'XXX-XX-6711', newValue: 'XXX-XX-6711', changed: true },
      { title: 'Totally disabled', oldValue: 'No', newValue: 'No', changed: false },
    ]);
    expect(JSON.stringify(changes)).not.toMatch(/123-45|987-65/);
    expect(anyChanged(changes)).toBe(true);
  });

  it('delete: old values only; blank and null are the same', () => {
    expect(auditChanges({ firstName: FIELDS.firstName! }, { firstName: 'John' }, null)).toEqual([{ title: 'First name', oldValue: 'John', newValue: null, changed: true }]);
    expect(anyChanged(auditChanges({ firstName: FIELDS.firstName! }, { firstName: '' }, { firstName: null }))).toBe(false);
  });
});
