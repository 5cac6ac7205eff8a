/** Why an address with a user name or password is refused as a destination, for the form and the server alike. */
export const CREDENTIALS_SENTENCE =
  'The destination carries a user name or password, which every visitor would receive.';

/** The same refusal for a webhook address, whose deliveries are signed instead. */
export const WEBHOOK_CREDENTIALS_SENTENCE =
  'Leave the user name and password out of the address: each delivery is signed, so your server can check its LinkHub-Signature header instead.';

/**
 * Whether an address carries credentials (`https://user:secret@example.com/`, or
 * `https://paypal.com@pay.example.net/`, which reads as paypal.com): a redirect would hand them to
 * every visitor. Not an address at all: false, for the URL check to name.
 */
export function carriesCredentials(address: string): boolean {
  try {
    const url = new URL(address.trim());
    return url.username !== '' || url.password !== '';
  } catch {
    return false;
  }
}
