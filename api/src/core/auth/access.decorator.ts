import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiBearerAuth, ApiExtension } from '@nestjs/swagger';
import type { Permission } from '../../contracts/permissions';

/**
 * Who may call a route. Every route must carry one (the access-matrix test fails otherwise, and the
 * global guard refuses a route without one):
 * - public: no token;
 * - user: any signed-in account (employee, HR, agent);
 * - a permission of contracts/permissions.ts, granted by role (the same list GET /me answers).
 */
export type AccessRule = 'public' | 'user' | Permission;
export const ACCESS_KEY = 'bp:access';
/** Routes that still answer while the session is idle (to revive or end it). */
export const ALLOW_IDLE_KEY = 'bp:allow-idle';
/** Routes that look at the session without counting as activity (the site's 30-second check). */
export const NO_ACTIVITY_KEY = 'bp:no-activity';

export function Access(rule: AccessRule): MethodDecorator & ClassDecorator {
  // The document's error answers follow from x-access (core/http/openapi.ts).
  const decorators = [SetMetadata(ACCESS_KEY, rule), ApiExtension('x-access', rule)];
  if (rule !== 'public') decorators.push(ApiBearerAuth());
  return applyDecorators(...decorators);
}

/** Routes that stay open while a forced password or security-question change is pending. */
export const ALLOW_PENDING_CHANGE_KEY = 'bp:allow-pending-change';
export const AllowDuringPendingChange = (): MethodDecorator & ClassDecorator =>
  applyDecorators(SetMetadata(ALLOW_PENDING_CHANGE_KEY, true), ApiExtension('x-allow-pending-change', true));

export const AllowIdleSession = (): MethodDecorator => applyDecorators(SetMetadata(ALLOW_IDLE_KEY, true), ApiExtension('x-allow-idle', true));
export const NotActivity = (): MethodDecorator => SetMetadata(NO_ACTIVITY_KEY, true);
