import type { acmeAccounts } from '@linkhub/shared/server/db/schema/domains';
import type { RowOf } from '@linkhub/shared/server/db/row';
import * as acme from 'acme-client';
import type pg from 'pg';
import type { SecretBox } from '@linkhub/shared/server/crypto/secret-box';

/**
 * The one ACME account per directory: its key is made once, sealed in `acme_accounts`, and
 * registered with the CA (terms agreed). Two jobs racing at first start both register; the first
 * row wins and the loser's account is simply never used.
 */
export type AcmeAccount = { id: string; client: acme.Client };

export async function loadAcmeAccount(
  pool: pg.Pool,
  box: SecretBox,
  directoryUrl: string,
): Promise<AcmeAccount> {
  const read = async () =>
    (
      await pool.query<RowOf<typeof acmeAccounts, 'id' | 'accountKeySealed' | 'accountUrl'>>(
        'SELECT id, account_key_sealed, account_url FROM acme_accounts WHERE directory_url = $1',
        [directoryUrl],
      )
    ).rows[0];
  let row = await read();
  if (!row) {
    const accountKey = await acme.crypto.createPrivateEcdsaKey('P-256');
    const client = new acme.Client({ directoryUrl, accountKey });
    await client.createAccount({ termsOfServiceAgreed: true });
    await pool.query(
      `INSERT INTO acme_accounts (directory_url, account_key_sealed, account_url) VALUES ($1, $2, $3)
       ON CONFLICT (directory_url) DO NOTHING`,
      [directoryUrl, box.seal(accountKey), client.getAccountUrl()],
    );
    row = await read();
    if (!row) throw new Error('ACME account row missing after insert');
  }
  const client = new acme.Client({
    directoryUrl,
    accountKey: box.open(row.account_key_sealed),
    ...(row.account_url ? { accountUrl: row.account_url } : {}),
  });
  return { id: row.id, client };
}
