// Test-only: runs an S3-compatible server (s3rver) in its own process and prints its port as one
// JSON line. Started by s3-testing.ts with --openssl-legacy-provider, because s3rver encrypts list
// continuation tokens with DES, which Node 20's OpenSSL 3 refuses by default. Exits when its parent
// goes away (the IPC channel closes).
import S3rver from 's3rver';

const [directory, bucket] = process.argv.slice(2);
const server = new S3rver({
  address: '127.0.0.1',
  port: 0,
  silent: true,
  directory,
  configureBuckets: [{ name: bucket }],
});
const { port } = await server.run();
process.send?.({ port });
process.on('disconnect', () => {
  void server.close().finally(() => process.exit(0));
});
