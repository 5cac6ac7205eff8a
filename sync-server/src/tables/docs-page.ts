/**
 * `/v1/docs`: a small self-contained reference (no CDN: the page and its script are served from
 * here) that loads /v1/openapi.json, lists every operation with its parameters, body schema and
 * responses, and can send a request with your API key ("Try it").
 */
export const DOCS_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>LinkHub API reference</title><link rel="icon" href="data:,">
<style>
*{box-sizing:border-box}
body{font:15px/1.5 system-ui,sans-serif;margin:0;color:#1b1b1f;background:#fafafa}
header{padding:16px 24px;background:#111;color:#fff}header input{width:360px;max-width:100%;padding:4px}
main{max-width:1000px;margin:0 auto;padding:16px 24px}
details,summary,code{overflow-wrap:anywhere}
input.path{width:100%;max-width:40em}
@media (max-width:600px){header,main{padding:12px}header label{display:block}}
details{background:#fff;border:1px solid #ddd;border-radius:6px;margin:8px 0;padding:8px 12px}
summary{cursor:pointer;font-family:ui-monospace,monospace}
.m{display:inline-block;width:64px;font-weight:700;text-transform:uppercase}
.get{color:#06c}.post{color:#080}.patch{color:#a60}.delete{color:#c00}
pre{background:#f2f2f5;padding:8px;overflow:auto;max-height:320px;font-size:12px}
textarea{width:100%;min-height:90px;font-family:ui-monospace,monospace}
</style></head><body>
<header><strong>LinkHub API v1</strong> · <label>API key <input id="key" type="password" placeholder="lh_…" autocomplete="off"></label></header>
<main id="ops">Loading /v1/openapi.json…</main>
<script type="module">
const esc = (s) => String(s).replace(/[&<>"']/g, (c) => ({'&':'&amp;','<':'&lt;','>':'&gt;','"':'&quot;',"'":'&#39;'})[c]);
const doc = await (await fetch('openapi.json')).json();
const root = document.getElementById('ops');
root.innerHTML = '<p>' + esc(doc.info.description) + '</p>';
for (const [path, item] of Object.entries(doc.paths)) {
  for (const [method, op] of Object.entries(item)) {
    const el = document.createElement('details');
    const params = (op.parameters || []).map((p) => '<li><code>' + esc(p.name) + '</code> (' + esc(p.in) + (p.required ? ', required' : '') + ') <code>' + esc(JSON.stringify(p.schema)) + '</code></li>').join('');
    const body = op.requestBody ? op.requestBody.content['application/json'] : null;
    el.innerHTML = '<summary><span class="m ' + method + '">' + method + '</span>' + esc(path) + ' — ' + esc(op.summary) + '</summary>'
      + '<p>Scope: <code>' + esc(op['x-required-scope']) + '</code></p>'
      + (params ? '<h4>Parameters</h4><ul>' + params + '</ul>' : '')
      + (body ? '<h4>Body</h4><pre>' + esc(JSON.stringify(body.schema, null, 2)) + '</pre>' : '')
      + '<h4>Responses</h4><ul>' + Object.entries(op.responses).map(([s, r]) => '<li><b>' + esc(s) + '</b> ' + esc(r.description) + '</li>').join('') + '</ul>'
      + '<h4>Try it</h4><input class="path" size="60" value="' + esc(path) + '"> '
      + (body ? '<textarea class="body">' + esc(JSON.stringify(body.example || {}, null, 2)) + '</textarea>' : '')
      + '<button>Send</button><pre class="out"></pre>';
    el.querySelector('button').addEventListener('click', async () => {
      const headers = { Authorization: 'Bearer ' + document.getElementById('key').value };
      const text = el.querySelector('.body')?.value;
      if (text !== undefined) headers['Content-Type'] = 'application/json';
      const url = new URL(el.querySelector('.path').value.replace(/^\\/v1\\//, ''), location.href.replace(/docs\\/?$/, ''));
      const res = await fetch(url, { method: method.toUpperCase(), headers, body: text });
      const type = res.headers.get('content-type') || '';
      el.querySelector('.out').textContent = res.status + ' ' + type + '\\n' + (type.includes('json') ? JSON.stringify(await res.json(), null, 2) : '(' + (await res.blob()).size + ' bytes)');
    });
    root.appendChild(el);
  }
}
</script></body></html>`;
