import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors/app-error';
import {
  assertSvgWithinLimits,
  SVG_MAX_DEPTH,
  SVG_MAX_ELEMENTS,
  SVG_MAX_EXPANDED_ELEMENTS,
} from './svg-limits';

const svg = (body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10">${body}</svg>`;

/** The 1.4 KB bomb: each of 7 levels draws the one below ten times: 10⁷ shapes. */
function nestedUseBomb(levels = 7): string {
  let defs = '<rect id="l0" width="1" height="1"/>';
  for (let n = 1; n <= levels; n++) defs += `<g id="l${n}">${`<use href="#l${n - 1}"/>`.repeat(10)}</g>`;
  return svg(`<defs>${defs}</defs><use href="#l${levels}"/>`);
}

function refusal(text: string): { code: string; issue: string | undefined } | null {
  try {
    assertSvgWithinLimits(text);
    return null;
  } catch (error) {
    if (error instanceof AppError) return { code: error.code, issue: error.details[0]?.issue };
    throw error;
  }
}

describe('SVG limits', () => {
  it('lets an ordinary logo through, <use> and all', () => {
    expect(
      refusal(
        svg(
          '<defs><path id="p" d="M0 0h5v5z"/></defs><use href="#p"/><use xlink:href="#p" x="5"/><!-- <g><g> --><text>Acme &amp; Co</text>',
        ),
      ),
    ).toBeNull();
  });

  it('refuses the nested <use> bomb by its expansion, not by drawing it', () => {
    const bomb = nestedUseBomb();
    expect(bomb.length).toBeLessThan(1500);
    expect(refusal(bomb)).toEqual({ code: 'image_too_complex', issue: 'svg_use_expansion' });
    // Four levels (10,000 shapes) are within the limit; five are not.
    expect(refusal(nestedUseBomb(3))).toBeNull();
    expect(refusal(nestedUseBomb(5))).toEqual({ code: 'image_too_complex', issue: 'svg_use_expansion' });
  });

  it('refuses too many elements, too deep a nesting and a <use> that refers to itself', () => {
    expect(refusal(svg('<rect/>'.repeat(SVG_MAX_ELEMENTS)))).toEqual({
      code: 'image_too_complex',
      issue: 'svg_too_many_elements',
    });
    expect(refusal(svg('<g>'.repeat(SVG_MAX_DEPTH) + '</g>'.repeat(SVG_MAX_DEPTH)))).toEqual({
      code: 'image_too_complex',
      issue: 'svg_too_deep',
    });
    expect(refusal(svg('<g id="a"><use href="#b"/></g><g id="b"><use href="#a"/></g>'))).toEqual({
      code: 'image_too_complex',
      issue: 'svg_use_cycle',
    });
    expect(refusal(svg('<use id="self" href="#self"/>'))).toEqual({
      code: 'image_too_complex',
      issue: 'svg_use_cycle',
    });
  });

  it('bounds a long chain of references without exhausting the stack', () => {
    // c0 → c1 → … → c1999 → a rect: drawing c0 nests 2,000 deep.
    let chain = '';
    for (let n = 0; n < 2_000; n++) chain += `<use id="c${n}" href="#c${n + 1}"/>`;
    chain += '<rect id="c2000" width="1" height="1"/>';
    expect(refusal(svg(chain))).toEqual({ code: 'image_too_complex', issue: 'svg_use_too_deep' });
    expect(SVG_MAX_EXPANDED_ELEMENTS).toBeGreaterThan(SVG_MAX_ELEMENTS);
  });
});
