import { phoneDigits, type StaticPayload } from './schema';

/** `\ ; , : "` are escaped with a backslash in `WIFI:` fields (the ZXing Wi-Fi format). */
export function escapeWifi(value: string): string {
  return value.replace(/[\\;,:"]/g, (char) => `\\${char}`);
}

/** Up to 6 decimals (about 0.1 m), no trailing zeros: `geo:48.8584,2.2945`. */
function coordinate(value: number): string {
  return String(Number(value.toFixed(6)));
}

/** RFC 6068: header values percent-encoded, line breaks as CRLF. */
function mailtoText(to: string, subject: string | undefined, body: string | undefined): string {
  const headers: string[] = [];
  if (subject !== undefined && subject !== '') headers.push(`subject=${encodeURIComponent(subject)}`);
  if (body !== undefined && body !== '')
    headers.push(`body=${encodeURIComponent(body.replace(/\r\n|\r|\n/g, '\r\n'))}`);
  return `mailto:${to}${headers.length > 0 ? `?${headers.join('&')}` : ''}`;
}

/** What a static code's symbol holds, byte for byte (D-570). */
export function staticPayloadText(payload: StaticPayload): string {
  switch (payload.type) {
    case 'wifi': {
      const fields = [`T:${payload.security}`, `S:${escapeWifi(payload.ssid)}`];
      if (payload.security !== 'nopass') fields.push(`P:${escapeWifi(payload.password ?? '')}`);
      if (payload.hidden === true) fields.push('H:true');
      return `WIFI:${fields.join(';')};;`;
    }
    case 'sms':
      return `SMSTO:${phoneDigits(payload.phone)}:${payload.message ?? ''}`;
    case 'email':
      return mailtoText(payload.to, payload.subject, payload.body);
    case 'phone':
      return `tel:${phoneDigits(payload.phone)}`;
    case 'geo':
      return `geo:${coordinate(payload.latitude)},${coordinate(payload.longitude)}`;
  }
}
