/**
 * The V8 flags of the API process, in one place: scripts/start.sh, docker-compose.yml's command (its unit test keeps
 * them equal) and the benches that start an API process pass them on the command line (V8 refuses this one in
 * NODE_OPTIONS).
 *
 * No allocation-site pretenuring: exceljs's XML reader makes ~340 MB of short-lived objects to read a 619 kB census,
 * and V8, having seen some of them live, starts allocating them straight into the old generation, where they pile up
 * as garbage until a full collection. Without it the census upload of 10,000 rows peaked at 259-260 MB RSS instead of
 * 296-301 MB (`BENCH_ONLY=imports npm run bench`, goal 300 MB).
 */
export const API_NODE_FLAGS: readonly string[] = ['--no-allocation-site-pretenuring'];
