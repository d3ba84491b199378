import { answerKey, filterMatches, formIssues, isSignatureLargeEnough, visibleAnswers, ZSignatureRequest, type VisibilityQuestion } from './forms';

const YES = 11;
const NO = 12;
const Q = (q: Partial<VisibilityQuestion> & { id: number }): VisibilityQuestion => ({
  section: 'S',
  fieldType: 'Text',
  required: false,
  perDependent: false,
  options: [],
  filter: null,
  ...q,
});

describe('filter operators', () => {
  it.each([
    // [operator, fieldValue, answer, source type, matches]
    ['Equals', '11', '11', 'Radio', true],
    ['Equals', '11', '12', 'Radio', false],
    ['Equals', 'Yes', ' yes ', 'Text', true],
    ['Equals', '11', null, 'Radio', false],
    ['DoesNotEqual', '11', '12', 'Radio', true],
    ['DoesNotEqual', '11', '11', 'Radio', false],
    ['DoesNotEqual', '11', '', 'Radio', true],
    ['Equals', '2', '1,2,3', 'CheckBox', true],
    ['Equals', '4', '1,2,3', 'CheckBox', false],
    ['DoesNotEqual', '4', '1,2,3', 'CheckBox', true],
    ['LessThan', '5', '3', 'Text', true],
    ['LessThan', '5', '5', 'Text', false],
    ['LessThan', '5', '10', 'Text', false],
    ['MoreThan', '5', '10', 'Text', true],
    ['MoreThan', '5', '5.5', 'Text', true],
    ['MoreThan', '5', 'ten', 'Text', false],
    ['MoreThan', '5', '', 'Text', false],
    ['LessThan', 'x', '1', 'Text', false],
  ] as const)('%s %s with answer %j (%s) -> %s', (operator, fieldValue, answer, type, expected) => {
    expect(filterMatches({ operator, fieldValue }, answer, type)).toBe(expected);
  });
});

describe('visibility and required checks', () => {
  const smoker = Q({ id: 1, fieldType: 'Radio', required: true, options: [{ id: YES, text: 'Yes' }, { id: NO, text: 'No' }] });
  const howOften = Q({ id: 2, required: true, filter: { fieldId: 1, operator: 'Equals', fieldValue: String(YES) } });
  const otherCoverage = Q({ id: 3, section: 'Coverage', fieldType: 'Radio', required: true, perDependent: true, options: [{ id: YES, text: 'Yes' }, { id: NO, text: 'No' }] });
  const carrier = Q({ id: 4, section: 'Coverage', required: true, perDependent: true, filter: { fieldId: 3, operator: 'Equals', fieldValue: String(YES) } });
  const followUp = Q({ id: 5, required: true, filter: { fieldId: 2, operator: 'MoreThan', fieldValue: '3' } });
  const crossSection = Q({ id: 6, section: 'Other', required: true, filter: { fieldId: 1, operator: 'DoesNotEqual', fieldValue: '0' } });
  const questions = [smoker, howOften, otherCoverage, carrier, followUp];
  const answers = (pairs: Record<string, string>) => new Map(Object.entries(pairs));

  it.each([
    // [case, answers, dependents, issues]
    ['nothing answered: the unfiltered required questions', {}, [7], [
      { path: 'q1', message: 'Field is required' },
      { path: 'q3_7', message: 'Field is required' },
    ]],
    ['Yes shows the filtered required question', { q1: String(YES), q3_7: String(NO) }, [7], [{ path: 'q2', message: 'Field is required' }]],
    ['No keeps it hidden', { q1: String(NO), q3_7: String(NO) }, [7], []],
    ['a filter chain: 5 shows only when 2 is shown and above 3', { q1: String(YES), q2: '5', q3_7: String(NO) }, [7], [{ path: 'q5', message: 'Field is required' }]],
    ['a hidden source hides its chain, whatever it kept', { q1: String(NO), q2: '5', q3_7: String(NO) }, [7], []],
    ['per dependent: each person has their own answer', { q1: String(NO), q3_7: String(YES), q3_8: String(NO) }, [7, 8], [{ path: 'q4_7', message: 'Field is required' }]],
    ['no dependents: per-dependent questions ask nobody', { q1: String(NO) }, [], []],
    ['an answer that is not an option', { q1: '99', q3_7: String(NO) }, [7], [{ path: 'q1', message: 'Please choose a value from the list' }]],
  ] as const)('%s', (_case, given, dependents, expected) => {
    expect(formIssues(questions, answers(given), dependents)).toEqual(expected);
  });

  it('a filter on a question of another section never matches', () => {
    const visible = visibleAnswers([smoker, crossSection], answers({ q1: String(YES) }), []);
    expect(visible.has('q6')).toBe(false);
    expect(visible.has('q1')).toBe(true);
  });

  it('names answers q{id} and q{id}_{dependent}', () => {
    expect(answerKey(4, null)).toBe('q4');
    expect(answerKey(4, 9)).toBe('q4_9');
  });
});

describe('signature (registration step 7)', () => {
  it.each([
    [1, 1, false],
    [0, 0, false],
    [2, 1, true],
    [30, 12, true],
  ] as const)('trimmed %dx%d is large enough: %s', (w, h, ok) => {
    expect(isSignatureLargeEnough(w, h)).toBe(ok);
  });

  it.each([
    [{}, 'Please sign in the box'],
    [{ signature: '' }, 'Please sign in the box'],
    [{ signature: 'data:image/jpeg;base64,AAAA' }, 'The signature must be a PNG image'],
    [{ signature: 'data:image/png;base64,@@@' }, 'The signature must be a PNG image'],
    [{ signature: `data:image/png;base64,${'A'.repeat(200_000)}` }, 'The signature image is too large'],
  ])('%j -> %s', (body, message) => {
    const r = ZSignatureRequest.safeParse(body);
    expect(r.success ? null : r.error.issues[0]!.message).toBe(message);
  });
});
