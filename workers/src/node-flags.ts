/**
 * The V8 flags of the workers process, in one place: scripts/start.sh and the EDI bench's portal process take them
 * on the command line, docker-compose.yml as NODE_OPTIONS (its unit test keeps that equal to this list).
 *
 * A 4 MB young generation (V8 lets each semi-space grow to 16 MB): the batch jobs (carrier files, census commits,
 * report exports) make a great deal of garbage that dies young, and a smaller young generation collects it before it
 * builds up. The full 834 of 10,000 households peaked at 297 to 313 MB RSS without it and 254 to 261 MB with it, at the
 * same speed against node-x12 (`BENCH_ONLY=edi npm run bench`).
 */
export const WORKERS_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=4'];
