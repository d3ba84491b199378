export * from './messages';
export * from './common';
export * from './auth';
export * from './options';
export * from './account';
export * from './employees';
export * from './agency';
