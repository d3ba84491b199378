import { z } from 'zod';

/**
 * zod compiles fast validators with `new Function()` as schemas are built, unless jitless. The site's pages
 * run under a CSP without 'unsafe-eval', so the contracts, as the browser imports them (through index.ts,
 * whose first import this is), switch it off before any schema exists: zod's own probe for eval would be a CSP
 * violation in the console. On the server (the site's loaders check every API answer against its contract, and
 * the API imports the contract files directly) nothing forbids eval, and the compiled validators are kept: they
 * made checking step 4's plan lists several times faster.
 * api/package.json's "sideEffects" names only index.ts and this file: the site's build then keeps this call and
 * drops every contract file a page does not import from (each route gets only its schemas and messages).
 */
z.config({ jitless: 'document' in globalThis });
