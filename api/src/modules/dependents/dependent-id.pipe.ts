import { Injectable, NotFoundException, type PipeTransform } from '@nestjs/common';
import { Messages } from '../../contracts/messages';

/** Path ids: anything that cannot be a dependent id (not a positive int4) simply names no dependent. */
@Injectable()
export class DependentIdPipe implements PipeTransform<string, number> {
  transform(value: string): number {
    const id = /^\d{1,10}$/.test(value) ? Number(value) : NaN;
    if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) throw new NotFoundException({ statusCode: 404, message: Messages.noDependentFound });
    return id;
  }
}
