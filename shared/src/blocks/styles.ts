import { EMBED_COLOURS } from './embed-thumbnail';

/**
 * The bio page's whole stylesheet, inlined (no stylesheet request). Mobile-first: one column,
 * full-width tap targets of at least 48 px; wider screens only cap the column. Colours come from
 * the theme's custom properties (theme-css.ts). Kept far below the 14 KB critical-CSS budget.
 */
export const BASE_CSS = [
  '*,*::before,*::after{box-sizing:border-box}',
  'html{-webkit-text-size-adjust:100%;text-size-adjust:100%}',
  // Boxes (images, embeds, the sign-up form) follow the button shape up to a curve, never a pill.
  ':root{--box-radius:min(var(--radius),1.25rem)}',
  'body{margin:0;min-height:100vh;background:var(--page-bg);color:var(--fg);font-family:var(--font);font-size:1rem;line-height:1.5}',
  '.page{max-width:36rem;margin:0 auto;padding:2.5rem 1rem 1.5rem}',
  '.intro{text-align:center;margin-bottom:1.5rem}',
  '.avatar{width:96px;height:96px;border-radius:50%;object-fit:cover;display:block;margin:0 auto 1rem}',
  'h1{font-size:1.5rem;line-height:1.25;margin:0 0 .5rem;overflow-wrap:anywhere}',
  'h2{font-size:1.125rem;line-height:1.3;margin:1.5rem 0 .5rem;text-align:center;overflow-wrap:anywhere}',
  '.bio,.text{white-space:pre-line;overflow-wrap:anywhere;margin:0 0 1rem}',
  '.text{text-align:center}',
  '.blocks{display:flex;flex-direction:column;gap:.75rem}',
  '.blocks>*{margin-top:0;margin-bottom:0}',
  'a{color:inherit}',
  'a:focus-visible,button:focus-visible,input:focus-visible{outline:3px solid var(--fg);outline-offset:3px}',
  '.btn{display:flex;align-items:center;justify-content:center;min-height:3.25rem;padding:.75rem 1rem;border:2px solid var(--btn-border);border-radius:var(--radius);background:var(--btn-bg);color:var(--btn-fg);font:inherit;font-weight:600;text-align:center;text-decoration:none;overflow-wrap:anywhere;cursor:pointer;width:100%}',
  '.btn:hover{filter:brightness(.94)}',
  '@media (prefers-reduced-motion:no-preference){.btn{transition:transform .1s}.btn:active{transform:scale(.98)}}',
  '.social{display:flex;flex-wrap:wrap;justify-content:center;gap:.5rem;list-style:none;margin:0;padding:0}',
  '.social a{display:flex;align-items:center;justify-content:center;width:3rem;height:3rem;border-radius:50%;color:var(--fg)}',
  '.social svg{fill:none;stroke:currentColor;stroke-width:2;stroke-linecap:round;stroke-linejoin:round}',
  '.image{display:block;width:100%;height:auto;border-radius:var(--box-radius)}',
  '.embed{position:relative;display:flex;flex-direction:column;align-items:center;justify-content:center;gap:.5rem;width:100%;aspect-ratio:16/9;border:2px solid var(--btn-border);border-radius:var(--box-radius);background:var(--btn-bg);color:var(--btn-fg);font:inherit;font-weight:600;text-decoration:none;text-align:center;padding:1rem}',
  '.embed.audio{aspect-ratio:auto;min-height:5.5rem;flex-direction:row}',
  '.embed svg{fill:currentColor}',
  // D-609: a thumbnail fills the facade; the label sits on a dark band over its foot.
  '.embed.has-thumb{padding:0;overflow:hidden;justify-content:flex-end}',
  '.embed-thumb{position:absolute;inset:0;width:100%;height:100%;object-fit:cover}',
  '.embed-label{position:relative;display:flex;flex-wrap:wrap;align-items:center;justify-content:center;gap:.5rem}',
  '.has-thumb .embed-label{width:100%;padding:.75rem 1rem;background:rgba(0,0,0,.78);color:#fff}',
  '.embed-title{flex-basis:100%;font-weight:400;overflow-wrap:anywhere}',
  ...Object.entries(EMBED_COLOURS).map(
    ([network, colour]) => `.embed.${network}{background:${colour};border-color:${colour};color:#fff}`,
  ),
  '.frame{display:block;width:100%;aspect-ratio:16/9;border:0;border-radius:var(--box-radius)}',
  '.frame.audio{aspect-ratio:auto;height:152px}',
  'hr{width:100%;border:0;border-top:1px solid currentColor;opacity:.35;margin:.5rem 0}',
  '.capture{display:flex;flex-direction:column;gap:.5rem;padding:1rem;border:2px solid var(--btn-border);border-radius:var(--box-radius)}',
  '.capture h2{margin:0}',
  '.capture label{font-weight:600}',
  '.capture input{font:inherit;min-height:3rem;padding:.5rem .75rem;border:2px solid currentColor;border-radius:var(--radius);background:#fff;color:#111}',
  '.capture .consent{display:flex;gap:.5rem;align-items:flex-start;font-weight:400}',
  '.capture .consent input{min-height:auto;width:1.25rem;height:1.25rem;margin:.15rem 0 0;flex:none}',
  '.capture .hp{position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden}',
  '.capture-status:empty{display:none}',
  '.capture-status{margin:0;font-weight:600}',
  'footer{text-align:center;font-size:.875rem;padding:2rem 1rem}',
  '.notice{text-align:center;padding-top:4rem}',
].join('');
