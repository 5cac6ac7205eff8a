import type { BrandKit } from '@linkhub/shared/schemas/brand-kits';
import { qrDesignApiSchema } from '@linkhub/shared/schemas/qr-design';
import type { QrDesign } from '@linkhub/shared/qr/design';
import { designOf } from '../qr-svg';

/**
 * The designer's fields filled from a brand kit (D-577): the kit's REST design read back into the
 * stored model the editor works on; `null` when the kit's design no longer passes the rules a new
 * design must (the designer then keeps what it shows).
 */
export function designFromBrandKit(kit: BrandKit): QrDesign | null {
  const parsed = qrDesignApiSchema.safeParse(kit.design);
  return parsed.success ? designOf(parsed.data) : null;
}
