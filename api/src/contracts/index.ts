// First: before any schema is built (see zod-setup.ts).
import './zod-setup';
export * from './messages';
export * from './common';
export * from './auth';
export * from './options';
export * from './account';
export * from './employees';
export * from './agency';
export * from './formats';
export * from './person';
export * from './profile';
export * from './dependents';
export * from './plans';
export * from './enrollments';
export * from './beneficiaries';
export * from './forms';
export * from './dashboard';
export * from './permissions';
