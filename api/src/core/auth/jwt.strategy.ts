import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { createSecretKey } from 'node:crypto';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { toAuthUser, type AuthUser, type TokenPayload } from './auth-user';

@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    // jsonwebtoken turns a string secret into a KeyObject on every call, first trying (and failing) to
    // parse it as a PEM public key: that was a quarter of GET /me's CPU. Build the key once instead.
    // The typings only list string | Buffer, but jsonwebtoken accepts a KeyObject as is.
    const key = createSecretKey(Buffer.from(config.jwtSecret, 'utf8')) as unknown as Buffer;
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      secretOrKeyProvider: (_req: unknown, _raw: unknown, done: (err: Error | null, key: Buffer) => void) => done(null, key),
      algorithms: ['HS256'],
      ignoreExpiration: false,
    });
  }

  validate(payload: TokenPayload): AuthUser {
    return toAuthUser(payload);
  }
}
