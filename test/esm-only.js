/**
 * jest's transformIgnorePatterns: dependencies that ship ES modules only (content-disposition, under
 * @fastify/static; otplib's @scure/base and @noble/hashes) are transformed too. Node itself loads them with
 * require(); jest's runtime does not.
 */
module.exports = ['/node_modules/(?!(@fastify/static/node_modules/)?content-disposition/|@scure/base/|(@otplib/[^/]+/node_modules/)?@noble/hashes/)'];
