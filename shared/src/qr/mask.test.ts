import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { encodeQr, QR_EC_LEVELS, shortQrText } from './encode';

describe('mask selection', () => {
  it("chooses qrcode's own mask: every module identical to qrcode.create across versions and levels", () => {
    const texts = [
      ...Array.from({ length: 60 }, (_, i) =>
        shortQrText(`https://lnk.localhost/${i.toString(36)}x${(i * 7919).toString(36)}`),
      ),
      ...Array.from(
        { length: 20 },
        (_, i) => `https://example.com/a/long/path/${'segment'.repeat(i)}?q=${i}`,
      ),
      'https://GO.ACME.COM/SPRING',
      '1234567890',
    ];
    for (const text of texts) {
      for (const ec of QR_EC_LEVELS) {
        const ref = QRCode.create(text, { errorCorrectionLevel: ec });
        const ours = encodeQr(text, ec);
        expect(ours.version).toBe(ref.version);
        expect(Buffer.from(ours.dark).equals(Buffer.from(ref.modules.data)), `${text} ${ec}`).toBe(true);
      }
    }
  });
});
