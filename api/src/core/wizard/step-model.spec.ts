import { StepConflict, StepModel } from './step-model';

describe('StepModel', () => {
  const ready = new Set<string>();
  const model = new StepModel<string, null>([
    { step: 'a', label: 'A' },
    { step: 'b', label: 'B', guard: async () => (ready.has('b') ? [] : ['b is not ready']) },
    { step: 'c', label: 'C' },
  ]);
  const outcome = async (current: string, requested: string): Promise<string> => {
    try {
      return await model.complete(current, requested, null);
    } catch (err) {
      return err instanceof StepConflict ? `409 ${err.messages.join('; ')}` : `threw ${String(err)}`;
    }
  };

  it.each([
    ['a', 'b', false, '409 B: b is not ready'],
    ['a', 'b', true, 'b'],
    ['b', 'c', false, 'c'],
    ['a', 'c', true, '409 Finish the steps in order: B comes next'],
    ['a', 'a', true, '409 Finish the steps in order: B comes next'],
    ['c', 'a', true, '409 Every step is already done'],
    ['b', 'a', true, '409 Finish the steps in order: C comes next'],
    ['a', 'x', true, '409 Unknown step'],
  ])('%s -> %s (b ready: %p) = %s', async (current, requested, bReady, expected) => {
    if (bReady) ready.add('b');
    else ready.delete('b');
    expect(await outcome(current, requested)).toBe(expected);
  });

  it('knows its order and the next step', () => {
    expect(model.order).toEqual(['a', 'b', 'c']);
    expect([model.next('a'), model.next('c'), model.next('zz')]).toEqual(['b', null, null]);
    expect(() => new StepModel([{ step: 1, label: 'x' }, { step: 1, label: 'y' }])).toThrow('a step appears twice');
  });
});
