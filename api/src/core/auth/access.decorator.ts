import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiBearerAuth, ApiExtension, ApiForbiddenResponse, ApiUnauthorizedResponse } from '@nestjs/swagger';
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
  const decorators = [SetMetadata(ACCESS_KEY, rule), ApiExtension('x-access', rule)];
  if (rule !== 'public') {
    decorators.push(
      ApiBearerAuth(),
      ApiUnauthorizedResponse({ description: 'No valid token (messageCode 40102 when it expired)' }),
    );
  }
  if (rule !== 'public' && rule !== 'user') decorators.push(ApiForbiddenResponse({ description: `Needs the ${rule} permission` }));
  return applyDecorators(...decorators);
}

/** Routes that stay open while a forced password or security-question change is pending. */
export const ALLOW_PENDING_CHANGE_KEY = 'bp:allow-pending-change';
export const AllowDuringPendingChange = (): MethodDecorator & ClassDecorator => SetMetadata(ALLOW_PENDING_CHANGE_KEY, true);

export const AllowIdleSession = (): MethodDecorator => SetMetadata(ALLOW_IDLE_KEY, true);
export const NotActivity = (): MethodDecorator => SetMetadata(NO_ACTIVITY_KEY, true);
