/** s3rver ships no types: the part of its API the suites use. */
declare module 's3rver' {
  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory: string;
    configureBuckets?: Array<{ name: string; configs: string[] }>;
  }
  export default class S3rver {
    constructor(options: S3rverOptions);
    /** Answers the listening address (net's AddressInfo). */
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
