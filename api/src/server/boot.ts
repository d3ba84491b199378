/**
 * What a process needs before any module of the API is loaded (`@bp/api/server/boot`): its configuration
 * and its root logger, which keeps the first name it is given (the workers log as 'workers').
 */
export { loadConfig } from '../core/config/app-config';
export { rootLogger } from '../core/logging/root-logger';
export { QuietStartLogger } from '../core/logging/nest-logger';
