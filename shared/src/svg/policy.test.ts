import { describe, expect, it } from 'vitest';
import { AppError } from '../errors/app-error';
import { assertSvgPolicy } from './policy';

const svg = (body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="40" height="20" viewBox="0 0 40 20">${body}</svg>`;

function refusal(text: string): { status: number; field: string; issue: string } | null {
  try {
    assertSvgPolicy(text, 'logo');
    return null;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return {
      status: error.status,
      field: String(error.details[0]?.field),
      issue: String(error.details[0]?.issue),
    };
  }
}

describe('the SVG policy', () => {
  it('accepts a typical exported logo: a style sheet of gradients on hundreds of paths, a soft shadow, a clip path', () => {
    const paths = Array.from(
      { length: 400 },
      (_, i) => `<path class="c${i % 3}" d="M${i % 40} 0h1v1z"/>`,
    ).join('');
    const text = svg(
      `<defs><style>.c0{fill:url(#g0)}.c1{fill:url(#g1)}.c2{fill:url(#g2);stroke:#000}</style>` +
        [0, 1, 2]
          .map((i) => `<linearGradient id="g${i}"><stop offset="0"/><stop offset="1"/></linearGradient>`)
          .join('') +
        `<filter id="s"><feGaussianBlur stdDeviation="0.3"/><feOffset dx="0.2"/><feMerge><feMergeNode/><feMergeNode in="SourceGraphic"/></feMerge></filter>` +
        `<clipPath id="c"><rect width="40" height="20"/></clipPath></defs>` +
        `<g clip-path="url(#c)" filter="url(#s)">${paths}</g>`,
    );
    expect(refusal(text)).toBeNull();
  });

  it('refuses what the issue found, naming the field given', () => {
    expect(refusal(svg('<filter id="t"><feTurbulence numOctaves="100"/></filter>'))).toEqual({
      status: 422,
      field: 'logo',
      issue: 'svg_filter_turbulence_octaves',
    });
    expect(refusal(svg('<filter id="m"><feMorphology radius="1"/></filter>'))?.issue).toBe(
      'svg_filter_morphology_radius',
    );
    expect(refusal(svg('<filter id="m"><feMorphology radius="0.2"/></filter>'))).toBeNull();
  });

  it('counts what a renderer really repeats: markers per vertex, style-sheet filters, CSS blur, filters in object units', () => {
    const points = Array.from({ length: 3000 }, (_, i) => `${i % 40} ${i % 20}`).join(' ');
    expect(
      refusal(
        svg(
          `<marker id="m"><g>${'<rect/>'.repeat(10)}</g></marker><polyline points="${points}" marker-mid="url(#m)"/>`,
        ),
      )?.issue,
    ).toBe('svg_use_expansion');
    expect(
      refusal(
        svg(
          `<style>rect{filter:url(#f)}</style><filter id="f"><feGaussianBlur stdDeviation="1"/></filter>${'<rect/>'.repeat(40)}`,
        ),
      )?.issue,
    ).toBe('svg_filter_cost');
    expect(refusal(svg('<rect style="filter: blur(20)"/>'))?.issue).toBe('svg_filter_blur_deviation');
    expect(
      refusal(svg('<filter id="o" primitiveUnits="objectBoundingBox"><feMorphology radius="0.5"/></filter>'))
        ?.issue,
    ).toBe('svg_filter_morphology_radius');
  });

  it('refuses an feImage of another element, and references outside the file with 400', () => {
    expect(refusal(svg('<rect id="r"/><filter id="f"><feImage href="#r"/></filter>'))?.issue).toBe(
      'svg_filter_image_reference',
    );
    expect(refusal(svg('<image xlink:href="file:///etc/passwd"/>'))).toEqual({
      status: 400,
      field: 'logo',
      issue: 'svg_external_reference',
    });
  });
});
