/**
 * Carrier feeds: the carriers of a client with their EDI identifiers, the files written for them, and the pure
 * mapping from signed elections to the member loops of an ASC X12 834 (005010X220A1).
 */
export * from './carriers';
export * from './files';
export * from './edi834';
