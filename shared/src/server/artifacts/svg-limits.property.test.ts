import { fc, test } from '@fast-check/vitest';
import { expect } from 'vitest';
import { AppError } from '../../errors/app-error';
import { assertSvgWithinLimits } from './svg-limits';

const outcome = (text: string): 'ok' | 'refused' => {
  try {
    assertSvgWithinLimits(text);
    return 'ok';
  } catch (error) {
    // Anything but a 422 image_too_complex (a crash, a stack overflow) fails the property.
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ status: 422, code: 'image_too_complex' });
    return 'refused';
  }
};

/** Markup-shaped text: tags, `<use>` references to a handful of ids, comments and stray brackets. */
const piece = fc.oneof(
  fc.constantFrom(
    '<g>',
    '</g>',
    '<rect/>',
    '<!-- <g> -->',
    '<![CDATA[<use href="#a"/>]]>',
    '<',
    '>',
    '"',
    "'",
    '</svg>',
    '<?x?>',
  ),
  fc
    .tuple(fc.constantFrom('a', 'b', 'c', 'd'), fc.constantFrom('a', 'b', 'c', 'd', 'zz'))
    .map(([id, ref]) => `<g id="${id}"><use href="#${ref}"/>`),
  fc.constantFrom('a', 'b', 'c').map((ref) => `<use xlink:href='#${ref}'/>`),
  fc.string(),
);

test.prop([fc.array(piece, { maxLength: 400 })])(
  'any markup-shaped text is accepted or refused with 422, never a crash',
  (pieces) => {
    outcome(`<svg xmlns="http://www.w3.org/2000/svg">${pieces.join('')}</svg>`);
  },
);

test.prop([fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 12 })])(
  'a <use> tree is refused exactly when its expansion exceeds the limit',
  (levels, fanOut) => {
    let defs = '<rect id="l0"/>';
    for (let n = 1; n <= levels; n++)
      defs += `<g id="l${n}">${`<use href="#l${n - 1}"/>`.repeat(fanOut)}</g>`;
    // Drawn: the <svg> root, <defs> and each level once as written, plus level n expanded under the final <use>.
    let expanded = 1;
    let written = 1;
    for (let n = 1; n <= levels; n++) {
      expanded = 1 + fanOut * (1 + expanded);
      written += expanded;
    }
    const total = 2 + written + 1 + expanded;
    expect(outcome(`<svg><defs>${defs}</defs><use href="#l${levels}"/></svg>`)).toBe(
      total > 20_000 ? 'refused' : 'ok',
    );
  },
);
