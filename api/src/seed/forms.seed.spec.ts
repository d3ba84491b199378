import { ZEmployeeProfileForm } from '../contracts/profile';
import { ACME_QUESTIONS } from './forms.seed';

describe('the seeded additional information questions', () => {
  it('ask nothing about smoking: the profile asks it, once', () => {
    expect(Object.keys(ZEmployeeProfileForm.shape)).toContain('smoker');
    const asked = ACME_QUESTIONS.flatMap((q) => [q.userPrompt, q.section, ...(q.options ?? [])]);
    expect(asked.filter((text) => /smok|tobacco|nicotine|cigar|vap(e|ing)/i.test(text))).toEqual([]);
  });
});
