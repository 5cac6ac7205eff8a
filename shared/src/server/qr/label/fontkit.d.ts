/** The part of fontkit 2 the label-font generator reads (the package ships no types). */
declare module 'fontkit' {
  export type PathCommand = { readonly command: string; readonly args: readonly number[] };
  export type Glyph = {
    readonly advanceWidth: number;
    readonly bbox: {
      readonly minX: number;
      readonly maxX: number;
      readonly minY: number;
      readonly maxY: number;
    };
    readonly path: { readonly commands: readonly PathCommand[] };
  };
  export type Font = {
    readonly postscriptName: string;
    readonly unitsPerEm: number;
    readonly capHeight: number;
    readonly ascent: number;
    readonly descent: number;
    hasGlyphForCodePoint(codePoint: number): boolean;
    glyphForCodePoint(codePoint: number): Glyph;
  };
  export function create(buffer: Buffer): Font;
}
