import { z } from 'zod';

/**
 * zod compiles fast validators with `new Function()` as schemas are built, unless jitless. The site's pages
 * run under a CSP without 'unsafe-eval', so the contracts, as the site imports them (through index.ts,
 * whose first import this is), switch it off before any schema exists. The API imports the contract files
 * directly and keeps the compiled validators.
 * api/package.json's "sideEffects" names only index.ts and this file: the site's build then keeps this call and
 * drops every contract file a page does not import from (each route gets only its schemas and messages).
 */
z.config({ jitless: true });
