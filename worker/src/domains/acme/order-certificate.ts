import { X509Certificate } from 'node:crypto';
import * as acme from 'acme-client';
import type { HttpChallenges } from './http-challenges';

export type IssuedCertificate = {
  /** The leaf first, then the chain, PEM. */
  chainPem: string;
  privateKeyPem: string;
  serial: string;
  notBefore: Date;
  notAfter: Date;
};

/** The leaf's serial number as upper-case hex, the form CAs and pebble's management API use. */
function serialOf(chainPem: string): string {
  const [leaf] = acme.crypto.splitPemChain(chainPem);
  if (leaf === undefined) throw new Error('the CA returned no certificate');
  return new X509Certificate(leaf).serialNumber.toUpperCase();
}

/**
 * One ACME order for one host, answered over HTTP-01 (docs/product-rules.md#custom-domains). A fresh P-256 key per
 * certificate. The worker does not pre-check its own challenge (acme-client would fetch
 * http://{host}/ from here, which need not route to the edge); the CA's validation is the check.
 */
export async function orderCertificate(
  client: acme.Client,
  hostname: string,
  challenges: HttpChallenges,
): Promise<IssuedCertificate> {
  const privateKey = await acme.crypto.createPrivateEcdsaKey('P-256');
  const [, csr] = await acme.crypto.createCsr({ commonName: hostname, altNames: [hostname] }, privateKey);
  const chainPem = await client.auto({
    csr,
    termsOfServiceAgreed: true,
    challengePriority: ['http-01'],
    skipChallengeVerification: true,
    challengeCreateFn: async (_authz, challenge, keyAuthorization) => {
      if (challenge.type !== 'http-01') throw new Error(`unexpected challenge ${challenge.type}`);
      await challenges.publish(challenge.token, keyAuthorization);
    },
    challengeRemoveFn: async (_authz, challenge) => {
      await challenges.withdraw(challenge.token);
    },
  });
  const info = acme.crypto.readCertificateInfo(chainPem);
  return {
    chainPem,
    privateKeyPem: privateKey.toString('utf8'),
    serial: serialOf(chainPem),
    notBefore: info.notBefore,
    notAfter: info.notAfter,
  };
}
