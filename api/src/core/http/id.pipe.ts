import { Injectable, NotFoundException, type PipeTransform } from '@nestjs/common';

/** Path ids: anything that is not a positive int4 names nothing, so it answers 404 like an unknown id. */
export function idPipe(message: string): new () => PipeTransform<string, number> {
  @Injectable()
  class IdPipe implements PipeTransform<string, number> {
    transform(value: string): number {
      const id = /^\d{1,10}$/.test(value) ? Number(value) : NaN;
      if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) throw new NotFoundException({ statusCode: 404, message });
      return id;
    }
  }
  return IdPipe;
}
