/**
 * The page's only script, and only on pages with an embed: an inline module (deferred by
 * definition, never render-blocking) that swaps a clicked facade for the provider's player.
 * Without it the facade stays what it is — a link to the provider through the click hop.
 */
export const FACADE_SCRIPT =
  "document.addEventListener('click',e=>{const t=e.target,a=t instanceof Element&&t.closest('a[data-frame]');if(!a)return;e.preventDefault();" +
  "const f=document.createElement('iframe');f.src=a.dataset.frame||'';f.title=a.dataset.title||'';f.className=a.classList.contains('audio')?'frame audio':'frame';" +
  "f.allow='autoplay; encrypted-media; fullscreen; picture-in-picture';f.allowFullscreen=true;f.referrerPolicy='strict-origin-when-cross-origin';a.replaceWith(f);f.focus()})";
