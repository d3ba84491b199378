import type { FormQuestion } from '@bp/api/contracts';
import { answersFromForm, storedAnswers } from './additional-info';

const question = (id: number, fieldType: FormQuestion['fieldType'], perDependent = false): FormQuestion => ({
  id,
  section: 'S',
  userPrompt: `Q${id}`,
  fieldType,
  options: [],
  required: false,
  perDependent,
  info: null,
  dependent: [],
  filter: null,
});

describe('additional information form values', () => {
  it('joins CheckBox options with commas, keeps one value otherwise, and drops blanks', () => {
    const form = new FormData();
    form.append('q1', '11');
    form.append('q1', '12');
    form.append('q2', '  text  ');
    form.append('q3_7', '21');
    form.append('q4', '   ');
    const values = answersFromForm(form, [question(1, 'CheckBox'), question(2, 'Text'), question(3, 'Radio', true), question(4, 'Text')], [7]);
    expect(values).toEqual({ q1: '11,12', q2: 'text', q3_7: '21' });
  });

  it('reads the stored answers of the employee and of each dependent', () => {
    const employee = { ...question(1, 'Text'), info: 'mine' };
    const perDependent = { ...question(2, 'Radio', true), dependent: [{ id: 7, name: 'Mia', info: '21' }, { id: 8, name: 'Leo', info: null }] };
    expect(storedAnswers([employee, perDependent])).toEqual({ q1: 'mine', q2_7: '21' });
  });
});
