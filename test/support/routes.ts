import { RequestMethod } from '@nestjs/common';
import { INTERCEPTORS_METADATA, METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import type { INestApplication } from '@nestjs/common';
import { ACCESS_KEY, type AccessRule } from '../../api/src/core/auth/access.decorator';
import { StreamingUploadInterceptor } from '../../api/src/modules/files/streaming-upload.interceptor';

export interface RouteInfo {
  method: string;
  path: string;
  handler: string;
  access: AccessRule | undefined;
  /** Reads a multipart upload (StreamingUploadInterceptor), so a file can be stored before the handler runs. */
  upload: boolean;
}

const join = (...parts: string[]) => ('/' + parts.map((p) => p.replace(/^\/|\/$/g, '')).filter(Boolean).join('/')).replace(/\/+/g, '/');

/** Every HTTP route of the app, read from Nest's own metadata (the same source the router uses). */
export function listRoutes(app: INestApplication, prefix = 'mbl/api'): RouteInfo[] {
  const discovery = app.get(DiscoveryService);
  const scanner = app.get(MetadataScanner);
  const reflector = app.get(Reflector);
  const routes: RouteInfo[] = [];
  for (const wrapper of discovery.getControllers()) {
    const instance = wrapper.instance as Record<string, unknown> | undefined;
    if (!instance || !wrapper.metatype) continue;
    const proto = Object.getPrototypeOf(instance) as object;
    const controllerPaths = ([] as string[]).concat(Reflect.getMetadata(PATH_METADATA, wrapper.metatype) ?? '');
    for (const name of scanner.getAllMethodNames(proto)) {
      const fn = (proto as Record<string, unknown>)[name] as (...args: unknown[]) => unknown;
      const routePath = Reflect.getMetadata(PATH_METADATA, fn) as string | string[] | undefined;
      if (routePath === undefined) continue;
      const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, fn) as number];
      const access = reflector.getAllAndOverride<AccessRule | undefined>(ACCESS_KEY, [fn, wrapper.metatype]);
      const upload = ((Reflect.getMetadata(INTERCEPTORS_METADATA, fn) ?? []) as unknown[]).includes(StreamingUploadInterceptor);
      for (const cp of controllerPaths) {
        for (const rp of ([] as string[]).concat(routePath)) {
          routes.push({ method, path: join(prefix, cp, rp), handler: `${wrapper.metatype.name}.${name}`, access, upload });
        }
      }
    }
  }
  return routes;
}

/** Fills path parameters with a value that exists for nobody, so a 401/403 cannot come from a 404. */
export function concretePath(path: string): string {
  return path.replace(/:[A-Za-z]+/g, '999999').replace(/\{\*?[A-Za-z]+\}/g, 'x');
}
