import { describe, expect, it } from 'vitest';
import { qrDesignSchema } from '@linkhub/shared/qr/design';
import { qrSaveBlocker } from './save-blocker';

const url = 'https://lnk.localhost/MENU1';

describe('saving a QR design', () => {
  it('is allowed for a scannable design', () => {
    expect(qrSaveBlocker(url, qrDesignSchema.parse({}))).toBeNull();
  });

  it('is blocked, with the reason, while the designer shows a problem (an inverted design, an unreadable frame label)', () => {
    expect(qrSaveBlocker(url, qrDesignSchema.parse({ fgColor: '#ffffff', bgColor: '#000000' }))).toMatch(
      /^Fix the problem/,
    );
    const both = qrDesignSchema.parse({
      fgColor: '#ffffff',
      bgColor: '#000000',
      frame: { label: 'SCAN ME', color: '#000000', textColor: '#111111' },
    });
    expect(qrSaveBlocker(url, both)).toMatch(/^Fix the 2 problems/);
  });
});
