import { IdleCollectionPolicy } from './idle-collector';

const MB = 1024 * 1024;

describe('IdleCollectionPolicy', () => {
  it('collects twice once the loop is idle after the heap grew, then not again until it grows again', () => {
    const policy = new IdleCollectionPolicy({ idleUtilization: 0.02, growthBytes: 16 * MB }, 70 * MB);
    // Busy: never, however large the heap.
    expect(policy.shouldCollect(0.9, 200 * MB)).toBe(false);
    // Idle, grown: the first collection.
    expect(policy.shouldCollect(0.001, 200 * MB)).toBe(true);
    policy.collected(71 * MB);
    // Still idle: the follow-up, though the heap no longer grows.
    expect(policy.shouldCollect(0.001, 71 * MB)).toBe(true);
    policy.collected(71 * MB);
    // Then quiet until the heap grows by the threshold.
    expect(policy.shouldCollect(0, 71 * MB)).toBe(false);
    expect(policy.shouldCollect(0, 80 * MB)).toBe(false);
    expect(policy.shouldCollect(0, 88 * MB)).toBe(true);
  });

  it('drops the follow-up when work resumes, and measures growth from the lowest level seen', () => {
    const policy = new IdleCollectionPolicy({}, 100 * MB);
    expect(policy.shouldCollect(0.01, 60 * MB)).toBe(false);
    expect(policy.shouldCollect(0.01, 75 * MB)).toBe(false);
    expect(policy.shouldCollect(0.01, 77 * MB)).toBe(true);
    policy.collected(61 * MB);
    expect(policy.shouldCollect(0.5, 70 * MB)).toBe(false);
    expect(policy.shouldCollect(0, 70 * MB)).toBe(false);
  });
});
