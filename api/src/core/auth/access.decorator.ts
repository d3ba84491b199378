import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiBearerAuth, ApiExtension, ApiForbiddenResponse, ApiUnauthorizedResponse } from '@nestjs/swagger';

/**
 * Who may call a route. Every route must carry one (the access-matrix test fails otherwise, and the
 * global guard refuses a route without one):
 * - public: no token;
 * - user: any signed-in account (employee, HR, agent), acting on its own records;
 * - admin: roleType 1 of the client in the token (HR of that client, or an agent who opened it);
 * - agent: an agency's agent.
 */
export type AccessRule = 'public' | 'user' | 'admin' | 'agent';
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
  if (rule === 'admin' || rule === 'agent') decorators.push(ApiForbiddenResponse({ description: `Only for ${rule}s` }));
  return applyDecorators(...decorators);
}

/** Routes that stay open while a forced password or security-question change is pending. */
export const ALLOW_PENDING_CHANGE_KEY = 'bp:allow-pending-change';
export const AllowDuringPendingChange = (): MethodDecorator & ClassDecorator => SetMetadata(ALLOW_PENDING_CHANGE_KEY, true);

export const AllowIdleSession = (): MethodDecorator => SetMetadata(ALLOW_IDLE_KEY, true);
export const NotActivity = (): MethodDecorator => SetMetadata(NO_ACTIVITY_KEY, true);
