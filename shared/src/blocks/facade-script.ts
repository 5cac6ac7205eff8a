import { publicMessage } from '../page-language/public-messages';

/**
 * The page's only script, and only on pages with an embed: an inline module (deferred by
 * definition, never render-blocking) that swaps a clicked facade for the provider's player.
 * Without it the facade stays what it is — a link to the provider through the click hop.
 */
export const FACADE_SCRIPT =
  "document.addEventListener('click',e=>{const t=e.target,a=t instanceof Element&&t.closest('a[data-frame]');if(!a)return;e.preventDefault();" +
  "const f=document.createElement('iframe');f.src=a.dataset.frame||'';f.title=a.dataset.title||'';f.className=a.classList.contains('audio')?'frame audio':'frame';" +
  "f.allow='autoplay; encrypted-media; fullscreen; picture-in-picture';f.allowFullscreen=true;f.referrerPolicy='strict-origin-when-cross-origin';a.replaceWith(f);f.focus()})";

/**
 * The sign-up form in place, on pages with an email block: posts the form with `Accept:
 * application/json` and shows the answer in the block's status line. Without it the form posts
 * normally and the edge answers 303 back to the page with the status (works with JavaScript off).
 */
export function subscribeScript(lang: string): string {
  return SUBSCRIBE_SCRIPT.replace(SUBSCRIBE_FALLBACK, jsString(publicMessage(lang, 'capture_network_error')));
}

/** A JS single-quoted string literal that cannot close the inline script (`<` as `\u003c`). */
function jsString(text: string): string {
  return `'${text.replace(/[\\'\n\r\u2028\u2029<]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)}'`;
}

const SUBSCRIBE_FALLBACK = "'Nothing was sent. Please try again in a minute.'";

export const SUBSCRIBE_SCRIPT =
  "document.addEventListener('submit',async e=>{const f=e.target;if(!(f instanceof HTMLFormElement)||!f.classList.contains('capture'))return;e.preventDefault();" +
  "const s=f.querySelector('.capture-status'),b=f.querySelector('button');if(b)b.disabled=true;let m='Nothing was sent. Please try again in a minute.';" +
  "try{const r=await fetch(f.action,{method:'POST',headers:{accept:'application/json'},body:new URLSearchParams(new FormData(f))});const j=await r.json();" +
  'm=(j.data&&j.data.message)||(j.error&&j.error.message)||m;if(r.ok)f.reset()}catch{}if(s)s.textContent=m;if(b)b.disabled=false})';
