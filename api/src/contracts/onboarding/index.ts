/**
 * New-hire onboarding: the steps, their rules and their
 * messages, shared by the API, the OpenAPI document and the site's forms; one file per step.
 */
export * from './steps';
export * from './i9';
export * from './w4';
export * from './eeo';
export * from './payroll';
export * from './progress';
export * from './custom-documents';
