export * from './money';
export * from './dates';
export * from './plan-types';
export * from './tiers';
export * from './dependent-eligibility';
export * from './contribution-engine';
