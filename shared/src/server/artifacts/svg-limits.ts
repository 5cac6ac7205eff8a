import { assertSvgPolicy } from '../../svg/policy';

export {
  SVG_MAX_DEPTH,
  SVG_MAX_ELEMENTS,
  SVG_MAX_EXPANDED_DEPTH,
  SVG_MAX_EXPANDED_ELEMENTS,
} from '../../svg/policy';

/**
 * An uploaded SVG file checked by the one SVG policy (shared/src/svg/policy.ts, D-480): refused
 * with 400 or 422 `image_too_complex` naming `file`, before any renderer sees it.
 */
export function assertSvgWithinLimits(text: string): void {
  assertSvgPolicy(text, 'file');
}
