/**
 * Generated from the /v1 OpenAPI document by scripts/sdk/generate-types.ts: do not edit by hand.
 * scripts/sdk/sdk-types.test.ts fails while this file and the document disagree.
 */
export interface paths {
  '/v1/analytics/breakdown': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Counts by one dimension value, largest first */
    get: operations['analyticsBreakdown'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/analytics/dashboard': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Totals, series and every breakdown of a period with the previous one; any breakdown value filters (country=FR&referrer_host=) */
    get: operations['analyticsDashboard'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/analytics/realtime': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Events and visitors of the last 30 minutes */
    get: operations['analyticsRealtime'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/analytics/timeseries': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Counts per hour or day (clicks, scans, views, unique visitors); bots excluded */
    get: operations['analyticsTimeseries'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/assets': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List uploaded QR logos (newest first) */
    get: operations['listAssets'];
    put?: never;
    /** Upload a QR centre logo (default; PNG, JPEG or SVG by its bytes, at most 256 KiB; SVG is stored rasterised; use its logo_source as design.logo.source; an SVG too complex to draw is 422 image_too_complex), or with ?kind=avatar|block_image|page_background a photo for a bio page (JPEG, PNG or WebP, at most 15 MB and 50 megapixels, else 422 image_too_large; stored without metadata as AVIF/WebP/JPEG variants, listed in its image) */
    post: operations['uploadAsset'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/assets/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Read an uploaded QR logo */
    get: operations['getAsset'];
    put?: never;
    post?: never;
    /** Delete an uploaded QR logo (refused with 409 asset_in_use while a QR code design uses it) */
    delete: operations['deleteAsset'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/assets/{id}/content': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The stored image of an uploaded QR logo */
    get: operations['getAssetContent'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/brand-kits': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List the brand kits of the workspace (by name) */
    get: operations['listBrandKits'];
    put?: never;
    /** Save a design as a brand kit (colours, logo, frame, label style); a new code or a bulk create names it with brand_kit_id. Not for viewers */
    post: operations['createBrandKit'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/brand-kits/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Read a brand kit */
    get: operations['getBrandKit'];
    put?: never;
    post?: never;
    /** Delete a brand kit (codes made with it keep their design) */
    delete: operations['deleteBrandKit'];
    options?: never;
    head?: never;
    /** Rename a brand kit or change its design (codes made with it keep theirs) */
    patch: operations['updateBrandKit'];
    trace?: never;
  };
  '/v1/conversions': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Report a conversion of the visit that carried lh_click=<click_id> (appended by the redirect of a link or QR code under a conversion experiment). Counted once per visitor-day; a repeat answers counted: false */
    post: operations['recordConversion'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/domains': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List the workspace's custom domains */
    get: operations['listDomains'];
    put?: never;
    /** Connect a custom domain (verified by a DNS TXT record) */
    post: operations['createDomain'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/domains/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Read a custom domain */
    get: operations['getDomain'];
    put?: never;
    post?: never;
    /** Remove a custom domain */
    delete: operations['removeDomain'];
    options?: never;
    head?: never;
    /** Change what a custom domain serves: purpose, root bio page, where unknown slugs go */
    patch: operations['updateDomain'];
    trace?: never;
  };
  '/v1/domains/{id}/verify': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Check the DNS records of a custom domain again now */
    post: operations['verifyDomain'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/experiments': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List experiments (newest first; ?resource_id= and ?status= filter) */
    get: operations['listExperiments'];
    put?: never;
    /** Create a draft A/B experiment on a link, a QR code or a bio page: 2–5 variants whose weights (basis points) add up to 10,000; the control defaults to the current destination. The plan (baseline_rate, minimum_effect) is announced now and fixed at the start. A link with a weighted split is refused with 409 split_active unless replace_split is true, which clears the split (kept in the link history). Not on Free (403 plan_feature_unavailable) */
    post: operations['createExperiment'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/experiments/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Read an experiment with its variants and the lifecycle steps open to it */
    get: operations['getExperiment'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /** Rename, or change variants and weights (a running or paused experiment starts a new arm period: its data is never mixed with the previous one). The plan is fixed after the start */
    patch: operations['updateExperiment'];
    trace?: never;
  };
  '/v1/experiments/{id}/archive': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Archive a draft, paused, concluded or promoted experiment */
    post: operations['archiveExperiment'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/experiments/{id}/conclude': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Conclude: assignment stops; the winner is the one named, else the analysis winner, if any */
    post: operations['concludeExperiment'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/experiments/{id}/pause': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Pause: visitors get the plain configuration; data so far is kept */
    post: operations['pauseExperiment'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/experiments/{id}/promote': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Promote the winner: it becomes the resource’s plain configuration (versioned, audited): a link’s or QR code’s destination; a bio page’s block order or link label/URL, written into the draft and published when the page had no unpublished edits. A running or paused experiment is concluded first */
    post: operations['promoteExperiment'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/experiments/{id}/results': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The latest analysis of the current arm period (computed by the worker): visitor-days, conversions, rates with always-valid intervals, each variant against the control (mSPRT p-value, valid at every look), the sample-ratio-mismatch check and the verdict */
    get: operations['getExperimentResults'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/experiments/{id}/start': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Start (from draft) or resume (from paused): visitors are assigned variants. A link with a weighted split is refused with 409 split_active unless replace_split is true, which clears the split (kept in the link history): one A/B concept per link */
    post: operations['startExperiment'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/folders': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List link folders (newest first; ?parent_id= lists one folder’s subfolders) */
    get: operations['listFolders'];
    put?: never;
    /** Create a link folder (parent_id: a top-level folder; folders nest one level) */
    post: operations['createFolder'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/folders/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Read a link folder */
    get: operations['getFolder'];
    put?: never;
    post?: never;
    /** Delete a folder: its links are kept, in no folder; its subfolders move to the top level */
    delete: operations['deleteFolder'];
    options?: never;
    head?: never;
    /** Rename a folder or move it under another top-level folder (parent_id null: to the top level) */
    patch: operations['updateFolder'];
    trace?: never;
  };
  '/v1/imports': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Import links from an export of Bitly, Dub, Rebrandly, Shlink, Kutt, YOURLS (their API's JSON or their dashboard's CSV, as text in `content`, up to 8 MiB and 10000 links). Each row keeps its slug, on the workspace's own domain when the export names it, else on `domain` (default: the system link host), with its title, tags, expiry and, as imported history, its click total. `dry_run` creates nothing and answers what would happen. A re-run reports rows already imported as unchanged; a taken address is a conflict; each row's result is in `data`, in file order. With a session, workspace_id is required */
    post: operations['importLinks'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/links': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List links (newest first; ?q= searches title, slug, destination and tags) */
    get: operations['listLinks'];
    put?: never;
    /** Create a short link (slug generated when absent; domain defaults to the system link host) */
    post: operations['createLink'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/links/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Read a link */
    get: operations['getLink'];
    put?: never;
    post?: never;
    /** Archive a link */
    delete: operations['archiveLink'];
    options?: never;
    head?: never;
    /** Update a link (any subset; status pauses or resumes) */
    patch: operations['updateLink'];
    trace?: never;
  };
  '/v1/links/bulk': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Create up to 100 links in one request (each item a createLink body; an item that fails fails alone, with its error; results in request order). With a session, workspace_id is required; an API key may omit it. Counts as one request against the rate limit */
    post: operations['bulkCreateLinks'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/links/move': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Move up to 100 links into a folder (folder_id null: out of any folder); all move or none does */
    post: operations['moveLinks'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/pages': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List bio pages */
    get: operations['listPages'];
    put?: never;
    /** Create a bio page with its blocks (a draft until published) */
    post: operations['createPage'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/pages/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Read a bio page and its draft blocks */
    get: operations['getPage'];
    put?: never;
    post?: never;
    /** Archive a page (it stops being public) */
    delete: operations['archivePage'];
    options?: never;
    head?: never;
    /** Update a page; blocks, when sent, replace the draft block list */
    patch: operations['updatePage'];
    trace?: never;
  };
  '/v1/pages/{id}/publish': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Make the current draft the public page */
    post: operations['publishPage'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/qr-codes': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List QR codes */
    get: operations['listQrCodes'];
    put?: never;
    /** Create a QR code: url, vcard or event (dynamic: editable after printing, counted; its slug is reserved forever) or wifi, sms, email, phone or geo (static: the data is in the symbol) */
    post: operations['createQrCode'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/qr-codes/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Read a QR code */
    get: operations['getQrCode'];
    put?: never;
    post?: never;
    /** Archive a QR code (it keeps resolving through its fallback) */
    delete: operations['archiveQrCode'];
    options?: never;
    head?: never;
    /** Re-point, restyle or change the payload of a QR code (the slug never changes, nor whether it is static or dynamic: 422 qr_payload_kind_fixed) */
    patch: operations['updateQrCode'];
    trace?: never;
  };
  '/v1/qr-codes/{id}/render': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The print file of the current design (a PNG over 6,000 px a side is 422 qr_render_too_large with max_size_mm) */
    get: operations['renderQrCode'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/qr-codes/bulk': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Create up to 100 QR codes in one request (each item a createQrCode body; an item that fails — invalid, unscannable design, slug taken, plan limit — fails alone, with its error; results in request order). With a session, workspace_id is required; an API key may omit it. Counts as one request against the rate limit */
    post: operations['bulkCreateQrCodes'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/qr-codes/print-sheet': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** The chosen codes (up to 500, in this order) on one PDF: A4 or Letter, a preset (table_tent, sticker_50mm) or rows × columns a page, crop marks at each code, its title under it, the label font embedded. Each code is the same symbol as its single export; a layout too dense for a printable code is 400, a code that would not scan at the sheet's size 422 qr_unscannable. With a session, workspace_id is required */
    post: operations['printQrSheet'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/utm-presets': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List the UTM presets of the workspace (by name) */
    get: operations['listUtmPresets'];
    put?: never;
    /** Save UTM values as a preset; a link create or update names it with utm_preset_id. Not for viewers */
    post: operations['createUtmPreset'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/utm-presets/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Read a UTM preset */
    get: operations['getUtmPreset'];
    put?: never;
    post?: never;
    /** Delete a UTM preset (links made with it keep their UTM values) */
    delete: operations['deleteUtmPreset'];
    options?: never;
    head?: never;
    /** Rename a UTM preset or change its values (links made with it keep theirs) */
    patch: operations['updateUtmPreset'];
    trace?: never;
  };
  '/v1/webhooks': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List webhook endpoints and ESP adapters (never their secrets) */
    get: operations['listWebhookEndpoints'];
    put?: never;
    /** Add a webhook endpoint (HTTPS; its signing secret is in this answer only) or, from the dashboard, a Mailchimp/ConvertKit adapter for one page. Lead events need the dashboard. */
    post: operations['createWebhookEndpoint'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/webhooks/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One endpoint */
    get: operations['getWebhookEndpoint'];
    put?: never;
    post?: never;
    /** Remove an endpoint; nothing more is sent to it */
    delete: operations['deleteWebhookEndpoint'];
    options?: never;
    head?: never;
    /** Change address, events or description; `enabled: true` turns a disabled endpoint on again */
    patch: operations['updateWebhookEndpoint'];
    trace?: never;
  };
  '/v1/webhooks/{id}/deliveries': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The delivery log: status, attempts, last response code, latency (newest first) */
    get: operations['listWebhookDeliveries'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/webhooks/{id}/deliveries/{delivery_id}/replay': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Send one delivery again (same event id), with a fresh run of retries */
    post: operations['replayWebhookDelivery'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/webhooks/{id}/rotate-secret': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** A new signing secret (in this answer only); the old one keeps signing for `overlap_hours` */
    post: operations['rotateWebhookSecret'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/webhooks/{id}/test': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Queue a `webhook.test` event to this endpoint */
    post: operations['sendTestWebhook'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export interface webhooks {
  'bio_page.archived': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * A bio page was archived
     * @description Every delivery is a POST of JSON `{id, type, created_at, workspace_id, data}` to the endpoint's HTTPS URL, with headers `LinkHub-Event-Id` (the event id: deliveries can repeat, so skip an id you have handled) and `LinkHub-Signature: t=<unix seconds>,v1=<hex>`: HMAC-SHA256 with the endpoint's signing secret over `<t>.<raw body>`. While a rotated secret's overlap lasts there is one `v1=` per live secret; accept the request if any matches, and refuse timestamps older than five minutes. Answer 2xx within 10 s; anything else (including a redirect) is retried with exponential backoff and jitter for about a day, then the delivery is dead-lettered; after 5 dead deliveries in a row the endpoint is turned off and the workspace owner mailed. Deliveries never go to private, loopback, link-local or metadata addresses.
     *
     *     Verifying a delivery (Node.js):
     *
     *     ```js
     *     import { createHmac, timingSafeEqual } from 'node:crypto';
     *
     *     // rawBody: the request body exactly as received (bytes, before any JSON parsing).
     *     export function verifyLinkHub(rawBody, signatureHeader, secret, toleranceSeconds = 300) {
     *       const parts = signatureHeader.split(',');
     *       const t = Number(parts.find((p) => p.startsWith('t='))?.slice(2));
     *       if (!Number.isInteger(t) || Math.abs(Date.now() / 1000 - t) > toleranceSeconds) return false;
     *       const expected = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest();
     *       return parts
     *         .filter((p) => p.startsWith('v1='))
     *         .some((p) => {
     *           const given = Buffer.from(p.slice(3), 'hex');
     *           return given.length === expected.length && timingSafeEqual(given, expected);
     *         });
     *     }
     *     ```
     */
    post: operations['webhook_bio_page_archived'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'bio_page.created': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * A bio page was created
     * @description Every delivery is a POST of JSON `{id, type, created_at, workspace_id, data}` to the endpoint's HTTPS URL, with headers `LinkHub-Event-Id` (the event id: deliveries can repeat, so skip an id you have handled) and `LinkHub-Signature: t=<unix seconds>,v1=<hex>`: HMAC-SHA256 with the endpoint's signing secret over `<t>.<raw body>`. While a rotated secret's overlap lasts there is one `v1=` per live secret; accept the request if any matches, and refuse timestamps older than five minutes. Answer 2xx within 10 s; anything else (including a redirect) is retried with exponential backoff and jitter for about a day, then the delivery is dead-lettered; after 5 dead deliveries in a row the endpoint is turned off and the workspace owner mailed. Deliveries never go to private, loopback, link-local or metadata addresses.
     *
     *     Verifying a delivery (Node.js):
     *
     *     ```js
     *     import { createHmac, timingSafeEqual } from 'node:crypto';
     *
     *     // rawBody: the request body exactly as received (bytes, before any JSON parsing).
     *     export function verifyLinkHub(rawBody, signatureHeader, secret, toleranceSeconds = 300) {
     *       const parts = signatureHeader.split(',');
     *       const t = Number(parts.find((p) => p.startsWith('t='))?.slice(2));
     *       if (!Number.isInteger(t) || Math.abs(Date.now() / 1000 - t) > toleranceSeconds) return false;
     *       const expected = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest();
     *       return parts
     *         .filter((p) => p.startsWith('v1='))
     *         .some((p) => {
     *           const given = Buffer.from(p.slice(3), 'hex');
     *           return given.length === expected.length && timingSafeEqual(given, expected);
     *         });
     *     }
     *     ```
     */
    post: operations['webhook_bio_page_created'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'bio_page.published': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * A bio page’s draft was published
     * @description Every delivery is a POST of JSON `{id, type, created_at, workspace_id, data}` to the endpoint's HTTPS URL, with headers `LinkHub-Event-Id` (the event id: deliveries can repeat, so skip an id you have handled) and `LinkHub-Signature: t=<unix seconds>,v1=<hex>`: HMAC-SHA256 with the endpoint's signing secret over `<t>.<raw body>`. While a rotated secret's overlap lasts there is one `v1=` per live secret; accept the request if any matches, and refuse timestamps older than five minutes. Answer 2xx within 10 s; anything else (including a redirect) is retried with exponential backoff and jitter for about a day, then the delivery is dead-lettered; after 5 dead deliveries in a row the endpoint is turned off and the workspace owner mailed. Deliveries never go to private, loopback, link-local or metadata addresses.
     *
     *     Verifying a delivery (Node.js):
     *
     *     ```js
     *     import { createHmac, timingSafeEqual } from 'node:crypto';
     *
     *     // rawBody: the request body exactly as received (bytes, before any JSON parsing).
     *     export function verifyLinkHub(rawBody, signatureHeader, secret, toleranceSeconds = 300) {
     *       const parts = signatureHeader.split(',');
     *       const t = Number(parts.find((p) => p.startsWith('t='))?.slice(2));
     *       if (!Number.isInteger(t) || Math.abs(Date.now() / 1000 - t) > toleranceSeconds) return false;
     *       const expected = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest();
     *       return parts
     *         .filter((p) => p.startsWith('v1='))
     *         .some((p) => {
     *           const given = Buffer.from(p.slice(3), 'hex');
     *           return given.length === expected.length && timingSafeEqual(given, expected);
     *         });
     *     }
     *     ```
     */
    post: operations['webhook_bio_page_published'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'bio_page.updated': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * A bio page’s settings changed, or it was unpublished or restored
     * @description Every delivery is a POST of JSON `{id, type, created_at, workspace_id, data}` to the endpoint's HTTPS URL, with headers `LinkHub-Event-Id` (the event id: deliveries can repeat, so skip an id you have handled) and `LinkHub-Signature: t=<unix seconds>,v1=<hex>`: HMAC-SHA256 with the endpoint's signing secret over `<t>.<raw body>`. While a rotated secret's overlap lasts there is one `v1=` per live secret; accept the request if any matches, and refuse timestamps older than five minutes. Answer 2xx within 10 s; anything else (including a redirect) is retried with exponential backoff and jitter for about a day, then the delivery is dead-lettered; after 5 dead deliveries in a row the endpoint is turned off and the workspace owner mailed. Deliveries never go to private, loopback, link-local or metadata addresses.
     *
     *     Verifying a delivery (Node.js):
     *
     *     ```js
     *     import { createHmac, timingSafeEqual } from 'node:crypto';
     *
     *     // rawBody: the request body exactly as received (bytes, before any JSON parsing).
     *     export function verifyLinkHub(rawBody, signatureHeader, secret, toleranceSeconds = 300) {
     *       const parts = signatureHeader.split(',');
     *       const t = Number(parts.find((p) => p.startsWith('t='))?.slice(2));
     *       if (!Number.isInteger(t) || Math.abs(Date.now() / 1000 - t) > toleranceSeconds) return false;
     *       const expected = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest();
     *       return parts
     *         .filter((p) => p.startsWith('v1='))
     *         .some((p) => {
     *           const given = Buffer.from(p.slice(3), 'hex');
     *           return given.length === expected.length && timingSafeEqual(given, expected);
     *         });
     *     }
     *     ```
     */
    post: operations['webhook_bio_page_updated'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'conversion.recorded': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * A conversion was counted by `POST /v1/conversions` (a repeat of the same visitor-day is not sent again)
     * @description Every delivery is a POST of JSON `{id, type, created_at, workspace_id, data}` to the endpoint's HTTPS URL, with headers `LinkHub-Event-Id` (the event id: deliveries can repeat, so skip an id you have handled) and `LinkHub-Signature: t=<unix seconds>,v1=<hex>`: HMAC-SHA256 with the endpoint's signing secret over `<t>.<raw body>`. While a rotated secret's overlap lasts there is one `v1=` per live secret; accept the request if any matches, and refuse timestamps older than five minutes. Answer 2xx within 10 s; anything else (including a redirect) is retried with exponential backoff and jitter for about a day, then the delivery is dead-lettered; after 5 dead deliveries in a row the endpoint is turned off and the workspace owner mailed. Deliveries never go to private, loopback, link-local or metadata addresses.
     *
     *     Verifying a delivery (Node.js):
     *
     *     ```js
     *     import { createHmac, timingSafeEqual } from 'node:crypto';
     *
     *     // rawBody: the request body exactly as received (bytes, before any JSON parsing).
     *     export function verifyLinkHub(rawBody, signatureHeader, secret, toleranceSeconds = 300) {
     *       const parts = signatureHeader.split(',');
     *       const t = Number(parts.find((p) => p.startsWith('t='))?.slice(2));
     *       if (!Number.isInteger(t) || Math.abs(Date.now() / 1000 - t) > toleranceSeconds) return false;
     *       const expected = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest();
     *       return parts
     *         .filter((p) => p.startsWith('v1='))
     *         .some((p) => {
     *           const given = Buffer.from(p.slice(3), 'hex');
     *           return given.length === expected.length && timingSafeEqual(given, expected);
     *         });
     *     }
     *     ```
     */
    post: operations['webhook_conversion_recorded'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'domain.verified': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * A custom domain was verified
     * @description Every delivery is a POST of JSON `{id, type, created_at, workspace_id, data}` to the endpoint's HTTPS URL, with headers `LinkHub-Event-Id` (the event id: deliveries can repeat, so skip an id you have handled) and `LinkHub-Signature: t=<unix seconds>,v1=<hex>`: HMAC-SHA256 with the endpoint's signing secret over `<t>.<raw body>`. While a rotated secret's overlap lasts there is one `v1=` per live secret; accept the request if any matches, and refuse timestamps older than five minutes. Answer 2xx within 10 s; anything else (including a redirect) is retried with exponential backoff and jitter for about a day, then the delivery is dead-lettered; after 5 dead deliveries in a row the endpoint is turned off and the workspace owner mailed. Deliveries never go to private, loopback, link-local or metadata addresses.
     *
     *     Verifying a delivery (Node.js):
     *
     *     ```js
     *     import { createHmac, timingSafeEqual } from 'node:crypto';
     *
     *     // rawBody: the request body exactly as received (bytes, before any JSON parsing).
     *     export function verifyLinkHub(rawBody, signatureHeader, secret, toleranceSeconds = 300) {
     *       const parts = signatureHeader.split(',');
     *       const t = Number(parts.find((p) => p.startsWith('t='))?.slice(2));
     *       if (!Number.isInteger(t) || Math.abs(Date.now() / 1000 - t) > toleranceSeconds) return false;
     *       const expected = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest();
     *       return parts
     *         .filter((p) => p.startsWith('v1='))
     *         .some((p) => {
     *           const given = Buffer.from(p.slice(3), 'hex');
     *           return given.length === expected.length && timingSafeEqual(given, expected);
     *         });
     *     }
     *     ```
     */
    post: operations['webhook_domain_verified'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'export.finished': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * An export’s file is ready
     * @description Every delivery is a POST of JSON `{id, type, created_at, workspace_id, data}` to the endpoint's HTTPS URL, with headers `LinkHub-Event-Id` (the event id: deliveries can repeat, so skip an id you have handled) and `LinkHub-Signature: t=<unix seconds>,v1=<hex>`: HMAC-SHA256 with the endpoint's signing secret over `<t>.<raw body>`. While a rotated secret's overlap lasts there is one `v1=` per live secret; accept the request if any matches, and refuse timestamps older than five minutes. Answer 2xx within 10 s; anything else (including a redirect) is retried with exponential backoff and jitter for about a day, then the delivery is dead-lettered; after 5 dead deliveries in a row the endpoint is turned off and the workspace owner mailed. Deliveries never go to private, loopback, link-local or metadata addresses.
     *
     *     Verifying a delivery (Node.js):
     *
     *     ```js
     *     import { createHmac, timingSafeEqual } from 'node:crypto';
     *
     *     // rawBody: the request body exactly as received (bytes, before any JSON parsing).
     *     export function verifyLinkHub(rawBody, signatureHeader, secret, toleranceSeconds = 300) {
     *       const parts = signatureHeader.split(',');
     *       const t = Number(parts.find((p) => p.startsWith('t='))?.slice(2));
     *       if (!Number.isInteger(t) || Math.abs(Date.now() / 1000 - t) > toleranceSeconds) return false;
     *       const expected = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest();
     *       return parts
     *         .filter((p) => p.startsWith('v1='))
     *         .some((p) => {
     *           const given = Buffer.from(p.slice(3), 'hex');
     *           return given.length === expected.length && timingSafeEqual(given, expected);
     *         });
     *     }
     *     ```
     */
    post: operations['webhook_export_finished'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'lead.confirmed': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * A sign-up is confirmed (at once without double opt-in). Subscribing needs the dashboard.
     * @description Every delivery is a POST of JSON `{id, type, created_at, workspace_id, data}` to the endpoint's HTTPS URL, with headers `LinkHub-Event-Id` (the event id: deliveries can repeat, so skip an id you have handled) and `LinkHub-Signature: t=<unix seconds>,v1=<hex>`: HMAC-SHA256 with the endpoint's signing secret over `<t>.<raw body>`. While a rotated secret's overlap lasts there is one `v1=` per live secret; accept the request if any matches, and refuse timestamps older than five minutes. Answer 2xx within 10 s; anything else (including a redirect) is retried with exponential backoff and jitter for about a day, then the delivery is dead-lettered; after 5 dead deliveries in a row the endpoint is turned off and the workspace owner mailed. Deliveries never go to private, loopback, link-local or metadata addresses.
     *
     *     Verifying a delivery (Node.js):
     *
     *     ```js
     *     import { createHmac, timingSafeEqual } from 'node:crypto';
     *
     *     // rawBody: the request body exactly as received (bytes, before any JSON parsing).
     *     export function verifyLinkHub(rawBody, signatureHeader, secret, toleranceSeconds = 300) {
     *       const parts = signatureHeader.split(',');
     *       const t = Number(parts.find((p) => p.startsWith('t='))?.slice(2));
     *       if (!Number.isInteger(t) || Math.abs(Date.now() / 1000 - t) > toleranceSeconds) return false;
     *       const expected = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest();
     *       return parts
     *         .filter((p) => p.startsWith('v1='))
     *         .some((p) => {
     *           const given = Buffer.from(p.slice(3), 'hex');
     *           return given.length === expected.length && timingSafeEqual(given, expected);
     *         });
     *     }
     *     ```
     */
    post: operations['webhook_lead_confirmed'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'lead.created': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * A visitor signed up on a bio page (with double opt-in, `status` is `pending`). Subscribing needs the dashboard.
     * @description Every delivery is a POST of JSON `{id, type, created_at, workspace_id, data}` to the endpoint's HTTPS URL, with headers `LinkHub-Event-Id` (the event id: deliveries can repeat, so skip an id you have handled) and `LinkHub-Signature: t=<unix seconds>,v1=<hex>`: HMAC-SHA256 with the endpoint's signing secret over `<t>.<raw body>`. While a rotated secret's overlap lasts there is one `v1=` per live secret; accept the request if any matches, and refuse timestamps older than five minutes. Answer 2xx within 10 s; anything else (including a redirect) is retried with exponential backoff and jitter for about a day, then the delivery is dead-lettered; after 5 dead deliveries in a row the endpoint is turned off and the workspace owner mailed. Deliveries never go to private, loopback, link-local or metadata addresses.
     *
     *     Verifying a delivery (Node.js):
     *
     *     ```js
     *     import { createHmac, timingSafeEqual } from 'node:crypto';
     *
     *     // rawBody: the request body exactly as received (bytes, before any JSON parsing).
     *     export function verifyLinkHub(rawBody, signatureHeader, secret, toleranceSeconds = 300) {
     *       const parts = signatureHeader.split(',');
     *       const t = Number(parts.find((p) => p.startsWith('t='))?.slice(2));
     *       if (!Number.isInteger(t) || Math.abs(Date.now() / 1000 - t) > toleranceSeconds) return false;
     *       const expected = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest();
     *       return parts
     *         .filter((p) => p.startsWith('v1='))
     *         .some((p) => {
     *           const given = Buffer.from(p.slice(3), 'hex');
     *           return given.length === expected.length && timingSafeEqual(given, expected);
     *         });
     *     }
     *     ```
     */
    post: operations['webhook_lead_created'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'link.archived': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * A short link was archived
     * @description Every delivery is a POST of JSON `{id, type, created_at, workspace_id, data}` to the endpoint's HTTPS URL, with headers `LinkHub-Event-Id` (the event id: deliveries can repeat, so skip an id you have handled) and `LinkHub-Signature: t=<unix seconds>,v1=<hex>`: HMAC-SHA256 with the endpoint's signing secret over `<t>.<raw body>`. While a rotated secret's overlap lasts there is one `v1=` per live secret; accept the request if any matches, and refuse timestamps older than five minutes. Answer 2xx within 10 s; anything else (including a redirect) is retried with exponential backoff and jitter for about a day, then the delivery is dead-lettered; after 5 dead deliveries in a row the endpoint is turned off and the workspace owner mailed. Deliveries never go to private, loopback, link-local or metadata addresses.
     *
     *     Verifying a delivery (Node.js):
     *
     *     ```js
     *     import { createHmac, timingSafeEqual } from 'node:crypto';
     *
     *     // rawBody: the request body exactly as received (bytes, before any JSON parsing).
     *     export function verifyLinkHub(rawBody, signatureHeader, secret, toleranceSeconds = 300) {
     *       const parts = signatureHeader.split(',');
     *       const t = Number(parts.find((p) => p.startsWith('t='))?.slice(2));
     *       if (!Number.isInteger(t) || Math.abs(Date.now() / 1000 - t) > toleranceSeconds) return false;
     *       const expected = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest();
     *       return parts
     *         .filter((p) => p.startsWith('v1='))
     *         .some((p) => {
     *           const given = Buffer.from(p.slice(3), 'hex');
     *           return given.length === expected.length && timingSafeEqual(given, expected);
     *         });
     *     }
     *     ```
     */
    post: operations['webhook_link_archived'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'link.clicked': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Short links were clicked (a batch). Batched per endpoint: one delivery holds up to 100 events of one type in `data.events`, oldest first, and waits at most 10 s. Each event carries the resource, country, region, device type, OS and browser family, referrer host, UTM, A/B variant and the day's visitor hash — never an IP address or a User-Agent. Visits from bots are not sent. An endpoint's `resource_ids` limits them to those links, QR codes and bio pages; an event's `id` is stable, so skip one you have handled.
     * @description Every delivery is a POST of JSON `{id, type, created_at, workspace_id, data}` to the endpoint's HTTPS URL, with headers `LinkHub-Event-Id` (the event id: deliveries can repeat, so skip an id you have handled) and `LinkHub-Signature: t=<unix seconds>,v1=<hex>`: HMAC-SHA256 with the endpoint's signing secret over `<t>.<raw body>`. While a rotated secret's overlap lasts there is one `v1=` per live secret; accept the request if any matches, and refuse timestamps older than five minutes. Answer 2xx within 10 s; anything else (including a redirect) is retried with exponential backoff and jitter for about a day, then the delivery is dead-lettered; after 5 dead deliveries in a row the endpoint is turned off and the workspace owner mailed. Deliveries never go to private, loopback, link-local or metadata addresses.
     *
     *     Verifying a delivery (Node.js):
     *
     *     ```js
     *     import { createHmac, timingSafeEqual } from 'node:crypto';
     *
     *     // rawBody: the request body exactly as received (bytes, before any JSON parsing).
     *     export function verifyLinkHub(rawBody, signatureHeader, secret, toleranceSeconds = 300) {
     *       const parts = signatureHeader.split(',');
     *       const t = Number(parts.find((p) => p.startsWith('t='))?.slice(2));
     *       if (!Number.isInteger(t) || Math.abs(Date.now() / 1000 - t) > toleranceSeconds) return false;
     *       const expected = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest();
     *       return parts
     *         .filter((p) => p.startsWith('v1='))
     *         .some((p) => {
     *           const given = Buffer.from(p.slice(3), 'hex');
     *           return given.length === expected.length && timingSafeEqual(given, expected);
     *         });
     *     }
     *     ```
     */
    post: operations['webhook_link_clicked'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'link.created': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * A short link was created
     * @description Every delivery is a POST of JSON `{id, type, created_at, workspace_id, data}` to the endpoint's HTTPS URL, with headers `LinkHub-Event-Id` (the event id: deliveries can repeat, so skip an id you have handled) and `LinkHub-Signature: t=<unix seconds>,v1=<hex>`: HMAC-SHA256 with the endpoint's signing secret over `<t>.<raw body>`. While a rotated secret's overlap lasts there is one `v1=` per live secret; accept the request if any matches, and refuse timestamps older than five minutes. Answer 2xx within 10 s; anything else (including a redirect) is retried with exponential backoff and jitter for about a day, then the delivery is dead-lettered; after 5 dead deliveries in a row the endpoint is turned off and the workspace owner mailed. Deliveries never go to private, loopback, link-local or metadata addresses.
     *
     *     Verifying a delivery (Node.js):
     *
     *     ```js
     *     import { createHmac, timingSafeEqual } from 'node:crypto';
     *
     *     // rawBody: the request body exactly as received (bytes, before any JSON parsing).
     *     export function verifyLinkHub(rawBody, signatureHeader, secret, toleranceSeconds = 300) {
     *       const parts = signatureHeader.split(',');
     *       const t = Number(parts.find((p) => p.startsWith('t='))?.slice(2));
     *       if (!Number.isInteger(t) || Math.abs(Date.now() / 1000 - t) > toleranceSeconds) return false;
     *       const expected = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest();
     *       return parts
     *         .filter((p) => p.startsWith('v1='))
     *         .some((p) => {
     *           const given = Buffer.from(p.slice(3), 'hex');
     *           return given.length === expected.length && timingSafeEqual(given, expected);
     *         });
     *     }
     *     ```
     */
    post: operations['webhook_link_created'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'link.updated': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * A short link changed (destination, slug, state…)
     * @description Every delivery is a POST of JSON `{id, type, created_at, workspace_id, data}` to the endpoint's HTTPS URL, with headers `LinkHub-Event-Id` (the event id: deliveries can repeat, so skip an id you have handled) and `LinkHub-Signature: t=<unix seconds>,v1=<hex>`: HMAC-SHA256 with the endpoint's signing secret over `<t>.<raw body>`. While a rotated secret's overlap lasts there is one `v1=` per live secret; accept the request if any matches, and refuse timestamps older than five minutes. Answer 2xx within 10 s; anything else (including a redirect) is retried with exponential backoff and jitter for about a day, then the delivery is dead-lettered; after 5 dead deliveries in a row the endpoint is turned off and the workspace owner mailed. Deliveries never go to private, loopback, link-local or metadata addresses.
     *
     *     Verifying a delivery (Node.js):
     *
     *     ```js
     *     import { createHmac, timingSafeEqual } from 'node:crypto';
     *
     *     // rawBody: the request body exactly as received (bytes, before any JSON parsing).
     *     export function verifyLinkHub(rawBody, signatureHeader, secret, toleranceSeconds = 300) {
     *       const parts = signatureHeader.split(',');
     *       const t = Number(parts.find((p) => p.startsWith('t='))?.slice(2));
     *       if (!Number.isInteger(t) || Math.abs(Date.now() / 1000 - t) > toleranceSeconds) return false;
     *       const expected = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest();
     *       return parts
     *         .filter((p) => p.startsWith('v1='))
     *         .some((p) => {
     *           const given = Buffer.from(p.slice(3), 'hex');
     *           return given.length === expected.length && timingSafeEqual(given, expected);
     *         });
     *     }
     *     ```
     */
    post: operations['webhook_link_updated'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'page.viewed': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Bio pages were viewed (a batch). Batched per endpoint: one delivery holds up to 100 events of one type in `data.events`, oldest first, and waits at most 10 s. Each event carries the resource, country, region, device type, OS and browser family, referrer host, UTM, A/B variant and the day's visitor hash — never an IP address or a User-Agent. Visits from bots are not sent. An endpoint's `resource_ids` limits them to those links, QR codes and bio pages; an event's `id` is stable, so skip one you have handled.
     * @description Every delivery is a POST of JSON `{id, type, created_at, workspace_id, data}` to the endpoint's HTTPS URL, with headers `LinkHub-Event-Id` (the event id: deliveries can repeat, so skip an id you have handled) and `LinkHub-Signature: t=<unix seconds>,v1=<hex>`: HMAC-SHA256 with the endpoint's signing secret over `<t>.<raw body>`. While a rotated secret's overlap lasts there is one `v1=` per live secret; accept the request if any matches, and refuse timestamps older than five minutes. Answer 2xx within 10 s; anything else (including a redirect) is retried with exponential backoff and jitter for about a day, then the delivery is dead-lettered; after 5 dead deliveries in a row the endpoint is turned off and the workspace owner mailed. Deliveries never go to private, loopback, link-local or metadata addresses.
     *
     *     Verifying a delivery (Node.js):
     *
     *     ```js
     *     import { createHmac, timingSafeEqual } from 'node:crypto';
     *
     *     // rawBody: the request body exactly as received (bytes, before any JSON parsing).
     *     export function verifyLinkHub(rawBody, signatureHeader, secret, toleranceSeconds = 300) {
     *       const parts = signatureHeader.split(',');
     *       const t = Number(parts.find((p) => p.startsWith('t='))?.slice(2));
     *       if (!Number.isInteger(t) || Math.abs(Date.now() / 1000 - t) > toleranceSeconds) return false;
     *       const expected = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest();
     *       return parts
     *         .filter((p) => p.startsWith('v1='))
     *         .some((p) => {
     *           const given = Buffer.from(p.slice(3), 'hex');
     *           return given.length === expected.length && timingSafeEqual(given, expected);
     *         });
     *     }
     *     ```
     */
    post: operations['webhook_page_viewed'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'qr_code.archived': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * A QR code was archived (it keeps resolving)
     * @description Every delivery is a POST of JSON `{id, type, created_at, workspace_id, data}` to the endpoint's HTTPS URL, with headers `LinkHub-Event-Id` (the event id: deliveries can repeat, so skip an id you have handled) and `LinkHub-Signature: t=<unix seconds>,v1=<hex>`: HMAC-SHA256 with the endpoint's signing secret over `<t>.<raw body>`. While a rotated secret's overlap lasts there is one `v1=` per live secret; accept the request if any matches, and refuse timestamps older than five minutes. Answer 2xx within 10 s; anything else (including a redirect) is retried with exponential backoff and jitter for about a day, then the delivery is dead-lettered; after 5 dead deliveries in a row the endpoint is turned off and the workspace owner mailed. Deliveries never go to private, loopback, link-local or metadata addresses.
     *
     *     Verifying a delivery (Node.js):
     *
     *     ```js
     *     import { createHmac, timingSafeEqual } from 'node:crypto';
     *
     *     // rawBody: the request body exactly as received (bytes, before any JSON parsing).
     *     export function verifyLinkHub(rawBody, signatureHeader, secret, toleranceSeconds = 300) {
     *       const parts = signatureHeader.split(',');
     *       const t = Number(parts.find((p) => p.startsWith('t='))?.slice(2));
     *       if (!Number.isInteger(t) || Math.abs(Date.now() / 1000 - t) > toleranceSeconds) return false;
     *       const expected = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest();
     *       return parts
     *         .filter((p) => p.startsWith('v1='))
     *         .some((p) => {
     *           const given = Buffer.from(p.slice(3), 'hex');
     *           return given.length === expected.length && timingSafeEqual(given, expected);
     *         });
     *     }
     *     ```
     */
    post: operations['webhook_qr_code_archived'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'qr_code.created': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * A dynamic QR code was created
     * @description Every delivery is a POST of JSON `{id, type, created_at, workspace_id, data}` to the endpoint's HTTPS URL, with headers `LinkHub-Event-Id` (the event id: deliveries can repeat, so skip an id you have handled) and `LinkHub-Signature: t=<unix seconds>,v1=<hex>`: HMAC-SHA256 with the endpoint's signing secret over `<t>.<raw body>`. While a rotated secret's overlap lasts there is one `v1=` per live secret; accept the request if any matches, and refuse timestamps older than five minutes. Answer 2xx within 10 s; anything else (including a redirect) is retried with exponential backoff and jitter for about a day, then the delivery is dead-lettered; after 5 dead deliveries in a row the endpoint is turned off and the workspace owner mailed. Deliveries never go to private, loopback, link-local or metadata addresses.
     *
     *     Verifying a delivery (Node.js):
     *
     *     ```js
     *     import { createHmac, timingSafeEqual } from 'node:crypto';
     *
     *     // rawBody: the request body exactly as received (bytes, before any JSON parsing).
     *     export function verifyLinkHub(rawBody, signatureHeader, secret, toleranceSeconds = 300) {
     *       const parts = signatureHeader.split(',');
     *       const t = Number(parts.find((p) => p.startsWith('t='))?.slice(2));
     *       if (!Number.isInteger(t) || Math.abs(Date.now() / 1000 - t) > toleranceSeconds) return false;
     *       const expected = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest();
     *       return parts
     *         .filter((p) => p.startsWith('v1='))
     *         .some((p) => {
     *           const given = Buffer.from(p.slice(3), 'hex');
     *           return given.length === expected.length && timingSafeEqual(given, expected);
     *         });
     *     }
     *     ```
     */
    post: operations['webhook_qr_code_created'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'qr_code.updated': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * A QR code was re-pointed or restyled
     * @description Every delivery is a POST of JSON `{id, type, created_at, workspace_id, data}` to the endpoint's HTTPS URL, with headers `LinkHub-Event-Id` (the event id: deliveries can repeat, so skip an id you have handled) and `LinkHub-Signature: t=<unix seconds>,v1=<hex>`: HMAC-SHA256 with the endpoint's signing secret over `<t>.<raw body>`. While a rotated secret's overlap lasts there is one `v1=` per live secret; accept the request if any matches, and refuse timestamps older than five minutes. Answer 2xx within 10 s; anything else (including a redirect) is retried with exponential backoff and jitter for about a day, then the delivery is dead-lettered; after 5 dead deliveries in a row the endpoint is turned off and the workspace owner mailed. Deliveries never go to private, loopback, link-local or metadata addresses.
     *
     *     Verifying a delivery (Node.js):
     *
     *     ```js
     *     import { createHmac, timingSafeEqual } from 'node:crypto';
     *
     *     // rawBody: the request body exactly as received (bytes, before any JSON parsing).
     *     export function verifyLinkHub(rawBody, signatureHeader, secret, toleranceSeconds = 300) {
     *       const parts = signatureHeader.split(',');
     *       const t = Number(parts.find((p) => p.startsWith('t='))?.slice(2));
     *       if (!Number.isInteger(t) || Math.abs(Date.now() / 1000 - t) > toleranceSeconds) return false;
     *       const expected = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest();
     *       return parts
     *         .filter((p) => p.startsWith('v1='))
     *         .some((p) => {
     *           const given = Buffer.from(p.slice(3), 'hex');
     *           return given.length === expected.length && timingSafeEqual(given, expected);
     *         });
     *     }
     *     ```
     */
    post: operations['webhook_qr_code_updated'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'qr.scanned': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * QR codes were scanned (a batch). Batched per endpoint: one delivery holds up to 100 events of one type in `data.events`, oldest first, and waits at most 10 s. Each event carries the resource, country, region, device type, OS and browser family, referrer host, UTM, A/B variant and the day's visitor hash — never an IP address or a User-Agent. Visits from bots are not sent. An endpoint's `resource_ids` limits them to those links, QR codes and bio pages; an event's `id` is stable, so skip one you have handled.
     * @description Every delivery is a POST of JSON `{id, type, created_at, workspace_id, data}` to the endpoint's HTTPS URL, with headers `LinkHub-Event-Id` (the event id: deliveries can repeat, so skip an id you have handled) and `LinkHub-Signature: t=<unix seconds>,v1=<hex>`: HMAC-SHA256 with the endpoint's signing secret over `<t>.<raw body>`. While a rotated secret's overlap lasts there is one `v1=` per live secret; accept the request if any matches, and refuse timestamps older than five minutes. Answer 2xx within 10 s; anything else (including a redirect) is retried with exponential backoff and jitter for about a day, then the delivery is dead-lettered; after 5 dead deliveries in a row the endpoint is turned off and the workspace owner mailed. Deliveries never go to private, loopback, link-local or metadata addresses.
     *
     *     Verifying a delivery (Node.js):
     *
     *     ```js
     *     import { createHmac, timingSafeEqual } from 'node:crypto';
     *
     *     // rawBody: the request body exactly as received (bytes, before any JSON parsing).
     *     export function verifyLinkHub(rawBody, signatureHeader, secret, toleranceSeconds = 300) {
     *       const parts = signatureHeader.split(',');
     *       const t = Number(parts.find((p) => p.startsWith('t='))?.slice(2));
     *       if (!Number.isInteger(t) || Math.abs(Date.now() / 1000 - t) > toleranceSeconds) return false;
     *       const expected = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest();
     *       return parts
     *         .filter((p) => p.startsWith('v1='))
     *         .some((p) => {
     *           const given = Buffer.from(p.slice(3), 'hex');
     *           return given.length === expected.length && timingSafeEqual(given, expected);
     *         });
     *     }
     *     ```
     */
    post: operations['webhook_qr_scanned'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'webhook.test': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Sent by “send test event”
     * @description Every delivery is a POST of JSON `{id, type, created_at, workspace_id, data}` to the endpoint's HTTPS URL, with headers `LinkHub-Event-Id` (the event id: deliveries can repeat, so skip an id you have handled) and `LinkHub-Signature: t=<unix seconds>,v1=<hex>`: HMAC-SHA256 with the endpoint's signing secret over `<t>.<raw body>`. While a rotated secret's overlap lasts there is one `v1=` per live secret; accept the request if any matches, and refuse timestamps older than five minutes. Answer 2xx within 10 s; anything else (including a redirect) is retried with exponential backoff and jitter for about a day, then the delivery is dead-lettered; after 5 dead deliveries in a row the endpoint is turned off and the workspace owner mailed. Deliveries never go to private, loopback, link-local or metadata addresses.
     *
     *     Verifying a delivery (Node.js):
     *
     *     ```js
     *     import { createHmac, timingSafeEqual } from 'node:crypto';
     *
     *     // rawBody: the request body exactly as received (bytes, before any JSON parsing).
     *     export function verifyLinkHub(rawBody, signatureHeader, secret, toleranceSeconds = 300) {
     *       const parts = signatureHeader.split(',');
     *       const t = Number(parts.find((p) => p.startsWith('t='))?.slice(2));
     *       if (!Number.isInteger(t) || Math.abs(Date.now() / 1000 - t) > toleranceSeconds) return false;
     *       const expected = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest();
     *       return parts
     *         .filter((p) => p.startsWith('v1='))
     *         .some((p) => {
     *           const given = Buffer.from(p.slice(3), 'hex');
     *           return given.length === expected.length && timingSafeEqual(given, expected);
     *         });
     *     }
     *     ```
     */
    post: operations['webhook_webhook_test'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export interface components {
  schemas: {
    Asset: {
      byte_size: number;
      /** @enum {string} */
      content_type: 'image/png' | 'image/jpeg';
      /** Format: date-time */
      created_at: string;
      height: number;
      /** Format: uuid */
      id: string;
      image: {
        height: number;
        variants: {
          byte_size: number;
          /** @enum {string} */
          format: 'avif' | 'webp' | 'jpeg';
          height: number;
          path: string;
          width: number;
        }[];
        width: number;
      } | null;
      /** @enum {string} */
      kind: 'qr_logo' | 'avatar' | 'block_image' | 'page_background' | 'og_image';
      logo_source: {
        /** Format: uuid */
        asset_id: string;
        /** @constant */
        kind: 'asset';
      } | null;
      sha256: string;
      width: number;
      /** Format: uuid */
      workspace_id: string;
    };
    BrandKit: {
      /** Format: date-time */
      created_at: string;
      design: {
        allow_inverted: boolean;
        bg_color: string;
        /** @enum {string} */
        error_correction: 'auto' | 'M' | 'Q' | 'H';
        fg_color: string;
        /** @enum {string} */
        finder_style: 'square' | 'rounded' | 'circle';
        frame: {
          color: string;
          /** @enum {string} */
          font: 'sans' | 'serif' | 'mono';
          label: string;
          text_color: string;
        } | null;
        logo: {
          knockout: boolean;
          size_ratio: number;
          source:
            | {
                data_url: string;
                /** @constant */
                kind: 'data_url';
              }
            | {
                asset_id: string;
                /** @constant */
                kind: 'asset';
              };
        } | null;
        margin: number;
        /** @enum {string} */
        module_shape: 'square' | 'rounded' | 'dots';
        transparent_background: boolean;
      };
      /** Format: uuid */
      id: string;
      name: string;
      /** Format: date-time */
      updated_at: string;
      /** Format: uuid */
      workspace_id: string;
    };
    BreakdownRows: ({
      bot_events: number;
      clicks: number;
      events: number;
      label?: string | null;
      page_views: number;
      scans: number;
      value: string | null;
    } & {
      [key: string]: unknown;
    })[];
    BulkLinkResults: (
      | {
          index: number;
          link: {
            android_url: string | null;
            click_count: number;
            /** Format: date-time */
            created_at: string;
            destination_url: string;
            destinations: {
              id: string;
              url: string;
              weight: number;
            }[];
            domain: string;
            /** Format: uuid */
            domain_id: string;
            expired_url: string | null;
            expires_at: string | null;
            folder_id: string | null;
            has_password: boolean;
            /** Format: uuid */
            id: string;
            ios_url: string | null;
            max_clicks: number | null;
            note: string | null;
            qr_code_id: string | null;
            rules: {
              conditions: (
                | {
                    /** @constant */
                    kind: 'country';
                    values: string[];
                  }
                | {
                    /** @constant */
                    kind: 'region';
                    values: string[];
                  }
                | {
                    /** @constant */
                    kind: 'device';
                    values: ('mobile' | 'tablet' | 'desktop' | 'other')[];
                  }
                | {
                    /** @constant */
                    kind: 'os';
                    values: string[];
                  }
                | {
                    /** @constant */
                    kind: 'language';
                    values: string[];
                  }
                | {
                    days?: number[];
                    from: string;
                    /** @constant */
                    kind: 'time_window';
                    to: string;
                  }
                | {
                    /** @constant */
                    kind: 'referrer';
                    values: string[];
                  }
              )[];
              destination_url: string;
              id: string;
            }[];
            /** Format: uri */
            short_url: string;
            slug: string;
            social_preview: {
              description: string | null;
              image_url: string | null;
              title: string | null;
            } | null;
            starts_at: string | null;
            /** @enum {string} */
            status:
              'draft' | 'active' | 'paused' | 'scheduled' | 'expired' | 'archived' | 'click_limit_reached';
            tags: string[];
            title: string | null;
            /** Format: date-time */
            updated_at: string;
            utm: {
              [key: string]: string;
            };
            /** Format: uuid */
            workspace_id: string;
          };
          /** @constant */
          status: 'created';
        }
      | {
          error: {
            code: string;
            details: ({
              field: string;
              issue: string;
            } & {
              [key: string]: unknown;
            })[];
            message: string;
          };
          index: number;
          /** @constant */
          status: 'failed';
        }
    )[];
    BulkQrCodeResults: (
      | {
          index: number;
          qr_code: {
            /** Format: date-time */
            created_at: string;
            design: {
              allow_inverted: boolean;
              bg_color: string;
              /** @enum {string} */
              error_correction: 'auto' | 'M' | 'Q' | 'H';
              fg_color: string;
              /** @enum {string} */
              finder_style: 'square' | 'rounded' | 'circle';
              frame: {
                color: string;
                /** @enum {string} */
                font: 'sans' | 'serif' | 'mono';
                label: string;
                text_color: string;
              } | null;
              logo: {
                knockout: boolean;
                size_ratio: number;
                source:
                  | {
                      data_url: string;
                      /** @constant */
                      kind: 'data_url';
                    }
                  | {
                      asset_id: string;
                      /** @constant */
                      kind: 'asset';
                    };
              } | null;
              margin: number;
              /** @enum {string} */
              module_shape: 'square' | 'rounded' | 'dots';
              transparent_background: boolean;
            };
            design_revision: number;
            destination_url: string | null;
            /** Format: uuid */
            domain_id: string;
            encoded_text: string;
            /** Format: uuid */
            id: string;
            payload:
              | {
                  /** @constant */
                  type: 'url';
                }
              | {
                  city?: string;
                  country?: string;
                  /** Format: email */
                  email?: string;
                  first_name?: string;
                  job_title?: string;
                  last_name?: string;
                  mobile?: string;
                  note?: string;
                  organization?: string;
                  phone?: string;
                  postal_code?: string;
                  region?: string;
                  street?: string;
                  /** @constant */
                  type: 'vcard';
                  website?: string;
                }
              | {
                  description?: string;
                  ends_at: string;
                  location?: string;
                  starts_at: string;
                  time_zone?: string;
                  title: string;
                  /** @constant */
                  type: 'event';
                  website?: string;
                }
              | {
                  hidden?: boolean;
                  password?: string;
                  /** @enum {string} */
                  security: 'WPA' | 'WEP' | 'nopass';
                  ssid: string;
                  /** @constant */
                  type: 'wifi';
                }
              | {
                  message?: string;
                  phone: string;
                  /** @constant */
                  type: 'sms';
                }
              | {
                  body?: string;
                  subject?: string;
                  /** Format: email */
                  to: string;
                  /** @constant */
                  type: 'email';
                }
              | {
                  phone: string;
                  /** @constant */
                  type: 'phone';
                }
              | {
                  latitude: number;
                  longitude: number;
                  /** @constant */
                  type: 'geo';
                };
            /** Format: uri */
            short_url: string;
            slug: string;
            /** @enum {string} */
            status: 'active' | 'paused' | 'archived';
            title: string | null;
            /** Format: date-time */
            updated_at: string;
            /** Format: uuid */
            workspace_id: string;
          };
          /** @constant */
          status: 'created';
        }
      | {
          error: {
            code: string;
            details: ({
              field: string;
              issue: string;
            } & {
              [key: string]: unknown;
            })[];
            message: string;
          };
          index: number;
          /** @constant */
          status: 'failed';
        }
    )[];
    ConversionOutcome: {
      counted: boolean;
      /** Format: uuid */
      experiment_id: string;
      reason: ('duplicate' | 'unknown_experiment' | 'experiment_not_running') | null;
      /** Format: uuid */
      variant_id: string;
    };
    Dashboard: {
      breakdowns: {
        [key: string]: ({
          clicks: number;
          events: number;
          page_views: number;
          scans: number;
          value: string | null;
        } & {
          [key: string]: unknown;
        })[];
      };
      change: {
        [key: string]: number | null;
      };
      filtered_since: string | null;
      /** @enum {string} */
      interval: 'hour' | 'day';
      leads:
        | ({
            current: number;
            previous: number;
          } & {
            [key: string]: unknown;
          })
        | null;
      previous: {
        clicks: number;
        page_views: number;
        scans: number;
        unique_visitors: number | null;
      } & {
        [key: string]: unknown;
      };
      previous_series: ({
        bucket_start: string;
        clicks: number;
        page_views: number;
        scans: number;
        unique_visitors: number | null;
      } & {
        [key: string]: unknown;
      })[];
      previous_window: {
        from: string;
        to: string;
      } & {
        [key: string]: unknown;
      };
      series: ({
        bucket_start: string;
        clicks: number;
        page_views: number;
        scans: number;
        unique_visitors: number | null;
      } & {
        [key: string]: unknown;
      })[];
      /** @enum {string} */
      source: 'rollups' | 'events';
      time_zone: string;
      totals: {
        clicks: number;
        page_views: number;
        scans: number;
        unique_visitors: number | null;
      } & {
        [key: string]: unknown;
      };
      unique_visitors_counting: {
        /** @enum {string} */
        current: 'exact' | 'approximate' | 'not_counted';
        /** @enum {string} */
        previous: 'exact' | 'approximate' | 'not_counted';
      } & {
        [key: string]: unknown;
      };
      value_names: {
        [key: string]: {
          [key: string]: string;
        };
      };
      window: {
        from: string;
        to: string;
      } & {
        [key: string]: unknown;
      };
    } & {
      [key: string]: unknown;
    };
    Domain: {
      /** Format: date-time */
      created_at: string;
      expired_url: string | null;
      hostname: string;
      /** Format: uuid */
      id: string;
      is_system: boolean;
      last_checked_at: string | null;
      not_found_url: string | null;
      /** @enum {string} */
      purpose: 'links' | 'bio' | 'all';
      records: {
        name: string;
        /** @enum {string} */
        type: 'TXT' | 'CNAME';
        value: string;
      }[];
      root_handle: string | null;
      root_redirect_url: string | null;
      /** @enum {string} */
      status: 'pending' | 'verified' | 'failed' | 'lost' | 'removed';
      tls_expires_at: string | null;
      tls_last_error: string | null;
      tls_next_attempt_at: string | null;
      /** @enum {string} */
      tls_status: 'none' | 'pending' | 'issued' | 'failed' | 'not_required';
      verification: {
        name: string;
        /** @constant */
        record_type: 'TXT';
        value: string;
      } | null;
      verification_lapsed_at: string | null;
      verification_seen: string | null;
      verified_at: string | null;
      workspace_id: string | null;
    };
    Error: {
      error: {
        /** @enum {string} */
        code:
          | 'validation_failed'
          | 'unauthenticated'
          | 'invalid_credentials'
          | 'api_key_revoked'
          | 'totp_required'
          | 'account_suspended'
          | 'membership_inactive'
          | 'insufficient_role'
          | 'insufficient_scope'
          | 'action_not_available_to_api_key'
          | 'plan_feature_unavailable'
          | 'plan_limit_reached'
          | 'billing_write_blocked'
          | 'email_verification_required'
          | 'reauthentication_required'
          | 'cross_site_request'
          | 'not_found'
          | 'conflict'
          | 'slug_taken'
          | 'qr_slug_reserved'
          | 'handle_taken'
          | 'email_taken'
          | 'domain_taken'
          | 'already_member'
          | 'resource_archived'
          | 'resource_locked'
          | 'asset_in_use'
          | 'last_owner_required'
          | 'last_grant'
          | 'invalid_state_transition'
          | 'split_active'
          | 'experiment_running'
          | 'idempotency_key_in_progress'
          | 'gone'
          | 'resource_gone'
          | 'workspace_deleted'
          | 'stale_write'
          | 'request_too_large'
          | 'unsupported_media_type'
          | 'confirmation_required'
          | 'idempotency_key_reused'
          | 'destination_unsafe'
          | 'domain_not_allowed'
          | 'invalid_click_id'
          | 'qr_unscannable'
          | 'qr_payload_kind_fixed'
          | 'qr_render_too_large'
          | 'image_too_large'
          | 'image_too_complex'
          | 'folder_too_deep'
          | 'rate_limited'
          | 'internal_error'
          | 'service_unavailable';
        details: ({
          field: string;
          issue: string;
        } & {
          [key: string]: unknown;
        })[];
        message: string;
        request_id: string;
      };
    };
    Experiment: {
      alpha: number;
      append_click_id: boolean;
      arm_period: number;
      arm_started_at: string | null;
      baseline_rate: number;
      created_at: string;
      ended_at: string | null;
      /** @enum {string} */
      goal: 'conversions' | 'clicks' | 'leads';
      goal_block_id: string | null;
      /** Format: uuid */
      id: string;
      minimum_effect: number;
      name: string;
      next_steps: string[];
      promoted_at: string | null;
      /** Format: uuid */
      resource_id: string;
      /** @enum {string} */
      resource_type: 'link' | 'qr_code' | 'bio_page';
      started_at: string | null;
      /** @enum {string} */
      status: 'draft' | 'running' | 'paused' | 'concluded' | 'promoted' | 'archived';
      updated_at: string;
      variants: {
        destination_url: string | null;
        /** Format: uuid */
        id: string;
        is_control: boolean;
        key: string;
        name: string;
        page: {
          block?: {
            id: string;
            label?: string;
            url?: unknown;
          };
          block_order?: string[];
        } | null;
        weight: number;
      }[];
      winner_variant_id: string | null;
      /** Format: uuid */
      workspace_id: string;
    };
    ExperimentResults: {
      analysis: {
        alpha: number;
        arm_period: number;
        comparisons: {
          confidence: number;
          /** Format: uuid */
          control_variant_id: string;
          difference: number | null;
          interval: {
            high: number;
            low: number;
          } | null;
          p_value: number;
          relative_lift: number | null;
          significant: boolean;
          /** Format: uuid */
          variant_id: string;
        }[];
        looks: number;
        method: string;
        planned_visitors: number | null;
        remaining_visitors: number | null;
        srm: {
          expected_shares: number[];
          flagged: boolean;
          observed_shares: number[];
          p_value: number;
          statistic: number;
        };
        tau: number;
        total_visitors: number;
        /** @constant */
        unit: 'visitor_day';
        variants: {
          bot_visitors: number;
          conversions: number;
          interval: {
            high: number;
            low: number;
          } | null;
          is_control: boolean;
          key: string;
          name: string;
          rate: number | null;
          /** Format: uuid */
          variant_id: string;
          visitors: number;
          weight: number;
        }[];
        verdict: {
          /** @enum {string} */
          kind: 'waiting' | 'sample_ratio_mismatch' | 'winner' | 'no_winner_yet' | 'no_difference';
          text: string;
          variant_id: string | null;
        };
      } | null;
      arm_period: number;
      computed_at: string | null;
      /** Format: uuid */
      experiment_id: string;
    };
    Folder: {
      /** Format: date-time */
      created_at: string;
      /** Format: uuid */
      id: string;
      name: string;
      parent_id: string | null;
      /** Format: date-time */
      updated_at: string;
      /** Format: uuid */
      workspace_id: string;
    };
    ImportResults: {
      destination_url: string | null;
      domain: string | null;
      error: {
        code: string;
        message: string;
      } | null;
      imported_clicks: number | null;
      link_id: string | null;
      row: number;
      slug: string | null;
      /** @enum {string} */
      status: 'created' | 'would_create' | 'unchanged' | 'conflict' | 'invalid' | 'failed';
    }[];
    Link: {
      android_url: string | null;
      click_count: number;
      /** Format: date-time */
      created_at: string;
      destination_url: string;
      destinations: {
        id: string;
        url: string;
        weight: number;
      }[];
      domain: string;
      /** Format: uuid */
      domain_id: string;
      expired_url: string | null;
      expires_at: string | null;
      folder_id: string | null;
      has_password: boolean;
      /** Format: uuid */
      id: string;
      ios_url: string | null;
      max_clicks: number | null;
      note: string | null;
      qr_code_id: string | null;
      rules: {
        conditions: (
          | {
              /** @constant */
              kind: 'country';
              values: string[];
            }
          | {
              /** @constant */
              kind: 'region';
              values: string[];
            }
          | {
              /** @constant */
              kind: 'device';
              values: ('mobile' | 'tablet' | 'desktop' | 'other')[];
            }
          | {
              /** @constant */
              kind: 'os';
              values: string[];
            }
          | {
              /** @constant */
              kind: 'language';
              values: string[];
            }
          | {
              days?: number[];
              from: string;
              /** @constant */
              kind: 'time_window';
              to: string;
            }
          | {
              /** @constant */
              kind: 'referrer';
              values: string[];
            }
        )[];
        destination_url: string;
        id: string;
      }[];
      /** Format: uri */
      short_url: string;
      slug: string;
      social_preview: {
        description: string | null;
        image_url: string | null;
        title: string | null;
      } | null;
      starts_at: string | null;
      /** @enum {string} */
      status: 'draft' | 'active' | 'paused' | 'scheduled' | 'expired' | 'archived' | 'click_limit_reached';
      tags: string[];
      title: string | null;
      /** Format: date-time */
      updated_at: string;
      utm: {
        [key: string]: string;
      };
      /** Format: uuid */
      workspace_id: string;
    };
    MovedLinks: {
      folder_id: string | null;
      moved: string[];
    };
    Page: {
      avatar: string | null;
      bio: string | null;
      blocks: ({
        id: string;
        is_visible: boolean;
        position: string;
        type: string;
      } & {
        [key: string]: unknown;
      })[];
      /** Format: date-time */
      created_at: string;
      handle: string;
      has_unpublished_changes: boolean;
      /** Format: uuid */
      id: string;
      /** @enum {string} */
      language: 'en' | 'de' | 'fr' | 'es' | 'it' | 'pt' | 'ja';
      notice: {
        /** @enum {string} */
        kind: 'adult' | 'sensitive';
        message?: string;
      } | null;
      published_at: string | null;
      share_description: string;
      share_image: string | null;
      share_image_url: string | null;
      share_title: string;
      /** @enum {string} */
      status: 'draft' | 'published' | 'archived';
      theme: {
        /** @default #4338ca */
        accent: string;
        /** @default #ffffff */
        background: string;
        background_image?: string;
        /**
         * @default solid
         * @enum {string}
         */
        background_kind: 'solid' | 'gradient' | 'image';
        background_photo?: string | null;
        /** @default #e0e7ff */
        background_to: string;
        /**
         * @default rounded
         * @enum {string}
         */
        button_shape: 'square' | 'rounded' | 'pill';
        /**
         * @default filled
         * @enum {string}
         */
        button_style: 'filled' | 'outline' | 'soft';
        /**
         * @default system
         * @enum {string}
         */
        font:
          | 'system'
          | 'serif'
          | 'rounded'
          | 'mono'
          | 'dm-sans'
          | 'playfair'
          | 'space-grotesk'
          | 'lora'
          | 'dm-serif'
          | 'nunito';
        /** @default 180 */
        gradient_angle: number;
        /** @default #111827 */
        text: string;
      };
      title: string;
      /** Format: date-time */
      updated_at: string;
      /** Format: uri */
      url: string;
      /** Format: uuid */
      workspace_id: string;
    };
    QrCode: {
      /** Format: date-time */
      created_at: string;
      design: {
        allow_inverted: boolean;
        bg_color: string;
        /** @enum {string} */
        error_correction: 'auto' | 'M' | 'Q' | 'H';
        fg_color: string;
        /** @enum {string} */
        finder_style: 'square' | 'rounded' | 'circle';
        frame: {
          color: string;
          /** @enum {string} */
          font: 'sans' | 'serif' | 'mono';
          label: string;
          text_color: string;
        } | null;
        logo: {
          knockout: boolean;
          size_ratio: number;
          source:
            | {
                data_url: string;
                /** @constant */
                kind: 'data_url';
              }
            | {
                asset_id: string;
                /** @constant */
                kind: 'asset';
              };
        } | null;
        margin: number;
        /** @enum {string} */
        module_shape: 'square' | 'rounded' | 'dots';
        transparent_background: boolean;
      };
      design_revision: number;
      destination_url: string | null;
      /** Format: uuid */
      domain_id: string;
      encoded_text: string;
      /** Format: uuid */
      id: string;
      payload:
        | {
            /** @constant */
            type: 'url';
          }
        | {
            city?: string;
            country?: string;
            /** Format: email */
            email?: string;
            first_name?: string;
            job_title?: string;
            last_name?: string;
            mobile?: string;
            note?: string;
            organization?: string;
            phone?: string;
            postal_code?: string;
            region?: string;
            street?: string;
            /** @constant */
            type: 'vcard';
            website?: string;
          }
        | {
            description?: string;
            ends_at: string;
            location?: string;
            starts_at: string;
            time_zone?: string;
            title: string;
            /** @constant */
            type: 'event';
            website?: string;
          }
        | {
            hidden?: boolean;
            password?: string;
            /** @enum {string} */
            security: 'WPA' | 'WEP' | 'nopass';
            ssid: string;
            /** @constant */
            type: 'wifi';
          }
        | {
            message?: string;
            phone: string;
            /** @constant */
            type: 'sms';
          }
        | {
            body?: string;
            subject?: string;
            /** Format: email */
            to: string;
            /** @constant */
            type: 'email';
          }
        | {
            phone: string;
            /** @constant */
            type: 'phone';
          }
        | {
            latitude: number;
            longitude: number;
            /** @constant */
            type: 'geo';
          };
      /** Format: uri */
      short_url: string;
      slug: string;
      /** @enum {string} */
      status: 'active' | 'paused' | 'archived';
      title: string | null;
      /** Format: date-time */
      updated_at: string;
      /** Format: uuid */
      workspace_id: string;
    };
    Realtime: {
      events: number;
      since: string;
      visitors: number;
    } & {
      [key: string]: unknown;
    };
    TimeseriesPoints: ({
      bucket_start: string;
      clicks: number;
      page_views: number;
      scans: number;
      unique_visitors: number | null;
    } & {
      [key: string]: unknown;
    })[];
    UtmPreset: {
      /** Format: date-time */
      created_at: string;
      /** Format: uuid */
      id: string;
      name: string;
      /** Format: date-time */
      updated_at: string;
      utm: {
        [key: string]: string;
      };
      /** Format: uuid */
      workspace_id: string;
    };
    WebhookDelivery: {
      attempts: number;
      /** Format: date-time */
      created_at: string;
      delivered_at: string | null;
      /** Format: uuid */
      endpoint_id: string;
      /** Format: uuid */
      event_id: string;
      /** @enum {string} */
      event_type:
        | 'link.created'
        | 'link.updated'
        | 'link.archived'
        | 'qr_code.created'
        | 'qr_code.updated'
        | 'qr_code.archived'
        | 'bio_page.created'
        | 'bio_page.updated'
        | 'bio_page.published'
        | 'bio_page.archived'
        | 'lead.created'
        | 'lead.confirmed'
        | 'domain.verified'
        | 'export.finished'
        | 'link.clicked'
        | 'qr.scanned'
        | 'page.viewed'
        | 'conversion.recorded'
        | 'webhook.test';
      /** Format: uuid */
      id: string;
      last_attempt_at: string | null;
      last_error: string | null;
      last_status_code: number | null;
      latency_ms: number | null;
      replays: number;
      /** @enum {string} */
      status: 'pending' | 'succeeded' | 'failed' | 'dead';
    };
    WebhookDeliveryQueued: {
      /** Format: uuid */
      delivery_id: string;
      /** Format: uuid */
      event_id: string;
      /** @constant */
      status: 'pending';
    };
    WebhookEndpoint: {
      config: {
        form_id?: string;
        list_id?: string;
      };
      consecutive_failures: number;
      /** Format: date-time */
      created_at: string;
      description: string | null;
      disabled_reason: string | null;
      events: (
        | 'link.created'
        | 'link.updated'
        | 'link.archived'
        | 'qr_code.created'
        | 'qr_code.updated'
        | 'qr_code.archived'
        | 'bio_page.created'
        | 'bio_page.updated'
        | 'bio_page.published'
        | 'bio_page.archived'
        | 'lead.created'
        | 'lead.confirmed'
        | 'domain.verified'
        | 'export.finished'
        | 'link.clicked'
        | 'qr.scanned'
        | 'page.viewed'
        | 'conversion.recorded'
        | 'webhook.test'
      )[];
      /** Format: uuid */
      id: string;
      /** @enum {string} */
      kind: 'webhook' | 'mailchimp' | 'convertkit';
      page_id: string | null;
      previous_secret_expires_at: string | null;
      resource_ids: string[] | null;
      secret_last4: string | null;
      secret_rotated_at: string | null;
      /** @enum {string} */
      status: 'active' | 'disabled';
      /** Format: date-time */
      updated_at: string;
      url: string;
      /** Format: uuid */
      workspace_id: string;
    };
    WebhookEndpointCreated: {
      config: {
        form_id?: string;
        list_id?: string;
      };
      consecutive_failures: number;
      /** Format: date-time */
      created_at: string;
      description: string | null;
      disabled_reason: string | null;
      events: (
        | 'link.created'
        | 'link.updated'
        | 'link.archived'
        | 'qr_code.created'
        | 'qr_code.updated'
        | 'qr_code.archived'
        | 'bio_page.created'
        | 'bio_page.updated'
        | 'bio_page.published'
        | 'bio_page.archived'
        | 'lead.created'
        | 'lead.confirmed'
        | 'domain.verified'
        | 'export.finished'
        | 'link.clicked'
        | 'qr.scanned'
        | 'page.viewed'
        | 'conversion.recorded'
        | 'webhook.test'
      )[];
      /** Format: uuid */
      id: string;
      /** @enum {string} */
      kind: 'webhook' | 'mailchimp' | 'convertkit';
      page_id: string | null;
      previous_secret_expires_at: string | null;
      resource_ids: string[] | null;
      secret: string | null;
      secret_last4: string | null;
      secret_rotated_at: string | null;
      /** @enum {string} */
      status: 'active' | 'disabled';
      /** Format: date-time */
      updated_at: string;
      url: string;
      /** Format: uuid */
      workspace_id: string;
    };
    WebhookEventBioPageArchived: {
      /** Format: date-time */
      created_at: string;
      data: {
        avatar: string | null;
        bio: string | null;
        blocks: ({
          id: string;
          is_visible: boolean;
          position: string;
          type: string;
        } & {
          [key: string]: unknown;
        })[];
        /** Format: date-time */
        created_at: string;
        handle: string;
        has_unpublished_changes: boolean;
        /** Format: uuid */
        id: string;
        /** @enum {string} */
        language: 'en' | 'de' | 'fr' | 'es' | 'it' | 'pt' | 'ja';
        notice: {
          /** @enum {string} */
          kind: 'adult' | 'sensitive';
          message?: string;
        } | null;
        published_at: string | null;
        share_description: string;
        share_image: string | null;
        share_image_url: string | null;
        share_title: string;
        /** @enum {string} */
        status: 'draft' | 'published' | 'archived';
        theme: {
          /** @default #4338ca */
          accent: string;
          /** @default #ffffff */
          background: string;
          background_image?: string;
          /**
           * @default solid
           * @enum {string}
           */
          background_kind: 'solid' | 'gradient' | 'image';
          background_photo?: string | null;
          /** @default #e0e7ff */
          background_to: string;
          /**
           * @default rounded
           * @enum {string}
           */
          button_shape: 'square' | 'rounded' | 'pill';
          /**
           * @default filled
           * @enum {string}
           */
          button_style: 'filled' | 'outline' | 'soft';
          /**
           * @default system
           * @enum {string}
           */
          font:
            | 'system'
            | 'serif'
            | 'rounded'
            | 'mono'
            | 'dm-sans'
            | 'playfair'
            | 'space-grotesk'
            | 'lora'
            | 'dm-serif'
            | 'nunito';
          /** @default 180 */
          gradient_angle: number;
          /** @default #111827 */
          text: string;
        };
        title: string;
        /** Format: date-time */
        updated_at: string;
        /** Format: uri */
        url: string;
        /** Format: uuid */
        workspace_id: string;
      };
      /** Format: uuid */
      id: string;
      /** @constant */
      type: 'bio_page.archived';
      /** Format: uuid */
      workspace_id: string;
    };
    WebhookEventBioPageCreated: {
      /** Format: date-time */
      created_at: string;
      data: {
        avatar: string | null;
        bio: string | null;
        blocks: ({
          id: string;
          is_visible: boolean;
          position: string;
          type: string;
        } & {
          [key: string]: unknown;
        })[];
        /** Format: date-time */
        created_at: string;
        handle: string;
        has_unpublished_changes: boolean;
        /** Format: uuid */
        id: string;
        /** @enum {string} */
        language: 'en' | 'de' | 'fr' | 'es' | 'it' | 'pt' | 'ja';
        notice: {
          /** @enum {string} */
          kind: 'adult' | 'sensitive';
          message?: string;
        } | null;
        published_at: string | null;
        share_description: string;
        share_image: string | null;
        share_image_url: string | null;
        share_title: string;
        /** @enum {string} */
        status: 'draft' | 'published' | 'archived';
        theme: {
          /** @default #4338ca */
          accent: string;
          /** @default #ffffff */
          background: string;
          background_image?: string;
          /**
           * @default solid
           * @enum {string}
           */
          background_kind: 'solid' | 'gradient' | 'image';
          background_photo?: string | null;
          /** @default #e0e7ff */
          background_to: string;
          /**
           * @default rounded
           * @enum {string}
           */
          button_shape: 'square' | 'rounded' | 'pill';
          /**
           * @default filled
           * @enum {string}
           */
          button_style: 'filled' | 'outline' | 'soft';
          /**
           * @default system
           * @enum {string}
           */
          font:
            | 'system'
            | 'serif'
            | 'rounded'
            | 'mono'
            | 'dm-sans'
            | 'playfair'
            | 'space-grotesk'
            | 'lora'
            | 'dm-serif'
            | 'nunito';
          /** @default 180 */
          gradient_angle: number;
          /** @default #111827 */
          text: string;
        };
        title: string;
        /** Format: date-time */
        updated_at: string;
        /** Format: uri */
        url: string;
        /** Format: uuid */
        workspace_id: string;
      };
      /** Format: uuid */
      id: string;
      /** @constant */
      type: 'bio_page.created';
      /** Format: uuid */
      workspace_id: string;
    };
    WebhookEventBioPagePublished: {
      /** Format: date-time */
      created_at: string;
      data: {
        avatar: string | null;
        bio: string | null;
        blocks: ({
          id: string;
          is_visible: boolean;
          position: string;
          type: string;
        } & {
          [key: string]: unknown;
        })[];
        /** Format: date-time */
        created_at: string;
        handle: string;
        has_unpublished_changes: boolean;
        /** Format: uuid */
        id: string;
        /** @enum {string} */
        language: 'en' | 'de' | 'fr' | 'es' | 'it' | 'pt' | 'ja';
        notice: {
          /** @enum {string} */
          kind: 'adult' | 'sensitive';
          message?: string;
        } | null;
        published_at: string | null;
        share_description: string;
        share_image: string | null;
        share_image_url: string | null;
        share_title: string;
        /** @enum {string} */
        status: 'draft' | 'published' | 'archived';
        theme: {
          /** @default #4338ca */
          accent: string;
          /** @default #ffffff */
          background: string;
          background_image?: string;
          /**
           * @default solid
           * @enum {string}
           */
          background_kind: 'solid' | 'gradient' | 'image';
          background_photo?: string | null;
          /** @default #e0e7ff */
          background_to: string;
          /**
           * @default rounded
           * @enum {string}
           */
          button_shape: 'square' | 'rounded' | 'pill';
          /**
           * @default filled
           * @enum {string}
           */
          button_style: 'filled' | 'outline' | 'soft';
          /**
           * @default system
           * @enum {string}
           */
          font:
            | 'system'
            | 'serif'
            | 'rounded'
            | 'mono'
            | 'dm-sans'
            | 'playfair'
            | 'space-grotesk'
            | 'lora'
            | 'dm-serif'
            | 'nunito';
          /** @default 180 */
          gradient_angle: number;
          /** @default #111827 */
          text: string;
        };
        title: string;
        /** Format: date-time */
        updated_at: string;
        /** Format: uri */
        url: string;
        /** Format: uuid */
        workspace_id: string;
      };
      /** Format: uuid */
      id: string;
      /** @constant */
      type: 'bio_page.published';
      /** Format: uuid */
      workspace_id: string;
    };
    WebhookEventBioPageUpdated: {
      /** Format: date-time */
      created_at: string;
      data: {
        avatar: string | null;
        bio: string | null;
        blocks: ({
          id: string;
          is_visible: boolean;
          position: string;
          type: string;
        } & {
          [key: string]: unknown;
        })[];
        /** Format: date-time */
        created_at: string;
        handle: string;
        has_unpublished_changes: boolean;
        /** Format: uuid */
        id: string;
        /** @enum {string} */
        language: 'en' | 'de' | 'fr' | 'es' | 'it' | 'pt' | 'ja';
        notice: {
          /** @enum {string} */
          kind: 'adult' | 'sensitive';
          message?: string;
        } | null;
        published_at: string | null;
        share_description: string;
        share_image: string | null;
        share_image_url: string | null;
        share_title: string;
        /** @enum {string} */
        status: 'draft' | 'published' | 'archived';
        theme: {
          /** @default #4338ca */
          accent: string;
          /** @default #ffffff */
          background: string;
          background_image?: string;
          /**
           * @default solid
           * @enum {string}
           */
          background_kind: 'solid' | 'gradient' | 'image';
          background_photo?: string | null;
          /** @default #e0e7ff */
          background_to: string;
          /**
           * @default rounded
           * @enum {string}
           */
          button_shape: 'square' | 'rounded' | 'pill';
          /**
           * @default filled
           * @enum {string}
           */
          button_style: 'filled' | 'outline' | 'soft';
          /**
           * @default system
           * @enum {string}
           */
          font:
            | 'system'
            | 'serif'
            | 'rounded'
            | 'mono'
            | 'dm-sans'
            | 'playfair'
            | 'space-grotesk'
            | 'lora'
            | 'dm-serif'
            | 'nunito';
          /** @default 180 */
          gradient_angle: number;
          /** @default #111827 */
          text: string;
        };
        title: string;
        /** Format: date-time */
        updated_at: string;
        /** Format: uri */
        url: string;
        /** Format: uuid */
        workspace_id: string;
      };
      /** Format: uuid */
      id: string;
      /** @constant */
      type: 'bio_page.updated';
      /** Format: uuid */
      workspace_id: string;
    };
    WebhookEventConversionRecorded: {
      /** Format: date-time */
      created_at: string;
      data: {
        /** Format: uuid */
        experiment_id: string;
        /** Format: date-time */
        recorded_at: string;
        /** @enum {string} */
        source: 'api' | 'lead';
        variant_id: string;
      };
      /** Format: uuid */
      id: string;
      /** @constant */
      type: 'conversion.recorded';
      /** Format: uuid */
      workspace_id: string;
    };
    WebhookEventDomainVerified: {
      /** Format: date-time */
      created_at: string;
      data: {
        /** Format: date-time */
        created_at: string;
        expired_url: string | null;
        hostname: string;
        /** Format: uuid */
        id: string;
        is_system: boolean;
        last_checked_at: string | null;
        not_found_url: string | null;
        /** @enum {string} */
        purpose: 'links' | 'bio' | 'all';
        records: {
          name: string;
          /** @enum {string} */
          type: 'TXT' | 'CNAME';
          value: string;
        }[];
        root_handle: string | null;
        root_redirect_url: string | null;
        /** @enum {string} */
        status: 'pending' | 'verified' | 'failed' | 'lost' | 'removed';
        tls_expires_at: string | null;
        tls_last_error: string | null;
        tls_next_attempt_at: string | null;
        /** @enum {string} */
        tls_status: 'none' | 'pending' | 'issued' | 'failed' | 'not_required';
        verification: {
          name: string;
          /** @constant */
          record_type: 'TXT';
          value: string;
        } | null;
        verification_lapsed_at: string | null;
        verification_seen: string | null;
        verified_at: string | null;
        workspace_id: string | null;
      };
      /** Format: uuid */
      id: string;
      /** @constant */
      type: 'domain.verified';
      /** Format: uuid */
      workspace_id: string;
    };
    WebhookEventExportFinished: {
      /** Format: date-time */
      created_at: string;
      data:
        | {
            created_at: string;
            download_url: string | null;
            error: string | null;
            expires_at: string | null;
            finished_at: string | null;
            /** Format: uuid */
            id: string;
            /** @constant */
            kind: 'leads_csv';
            progress: number;
            row_count: number | null;
            /** @enum {string} */
            status: 'queued' | 'running' | 'succeeded' | 'failed' | 'expired';
          }
        | {
            byte_size: number | null;
            code_count: number;
            created_at: string;
            download_url: string | null;
            error: string | null;
            expires_at: string | null;
            file_count: number | null;
            format: string;
            id: string;
            /** @constant */
            kind: 'qr_batch';
            progress: number;
            /** @enum {string} */
            status: 'queued' | 'running' | 'succeeded' | 'failed' | 'expired';
          }
        | ({
            /** Format: uuid */
            id: string;
            /** @constant */
            kind: 'analytics_csv';
            /** @constant */
            status: 'succeeded';
          } & {
            [key: string]: unknown;
          });
      /** Format: uuid */
      id: string;
      /** @constant */
      type: 'export.finished';
      /** Format: uuid */
      workspace_id: string;
    };
    WebhookEventLeadConfirmed: {
      /** Format: date-time */
      created_at: string;
      data: {
        block_id: string | null;
        confirmed_at: string | null;
        consent_text: string | null;
        consented_at: string | null;
        created_at: string;
        email: string;
        /** Format: uuid */
        id: string;
        /** Format: uuid */
        page_id: string;
        page_revision: number | null;
        /** @enum {string} */
        status: 'pending' | 'confirmed' | 'unsubscribed';
        unsubscribed_at: string | null;
        /** Format: uuid */
        workspace_id: string;
      };
      /** Format: uuid */
      id: string;
      /** @constant */
      type: 'lead.confirmed';
      /** Format: uuid */
      workspace_id: string;
    };
    WebhookEventLeadCreated: {
      /** Format: date-time */
      created_at: string;
      data: {
        block_id: string | null;
        confirmed_at: string | null;
        consent_text: string | null;
        consented_at: string | null;
        created_at: string;
        email: string;
        /** Format: uuid */
        id: string;
        /** Format: uuid */
        page_id: string;
        page_revision: number | null;
        /** @enum {string} */
        status: 'pending' | 'confirmed' | 'unsubscribed';
        unsubscribed_at: string | null;
        /** Format: uuid */
        workspace_id: string;
      };
      /** Format: uuid */
      id: string;
      /** @constant */
      type: 'lead.created';
      /** Format: uuid */
      workspace_id: string;
    };
    WebhookEventLinkArchived: {
      /** Format: date-time */
      created_at: string;
      data: {
        android_url: string | null;
        click_count: number;
        /** Format: date-time */
        created_at: string;
        destination_url: string;
        destinations: {
          id: string;
          url: string;
          weight: number;
        }[];
        domain: string;
        /** Format: uuid */
        domain_id: string;
        expired_url: string | null;
        expires_at: string | null;
        folder_id: string | null;
        has_password: boolean;
        /** Format: uuid */
        id: string;
        ios_url: string | null;
        max_clicks: number | null;
        note: string | null;
        qr_code_id: string | null;
        rules: {
          conditions: (
            | {
                /** @constant */
                kind: 'country';
                values: string[];
              }
            | {
                /** @constant */
                kind: 'region';
                values: string[];
              }
            | {
                /** @constant */
                kind: 'device';
                values: ('mobile' | 'tablet' | 'desktop' | 'other')[];
              }
            | {
                /** @constant */
                kind: 'os';
                values: string[];
              }
            | {
                /** @constant */
                kind: 'language';
                values: string[];
              }
            | {
                days?: number[];
                from: string;
                /** @constant */
                kind: 'time_window';
                to: string;
              }
            | {
                /** @constant */
                kind: 'referrer';
                values: string[];
              }
          )[];
          destination_url: string;
          id: string;
        }[];
        /** Format: uri */
        short_url: string;
        slug: string;
        social_preview: {
          description: string | null;
          image_url: string | null;
          title: string | null;
        } | null;
        starts_at: string | null;
        /** @enum {string} */
        status: 'draft' | 'active' | 'paused' | 'scheduled' | 'expired' | 'archived' | 'click_limit_reached';
        tags: string[];
        title: string | null;
        /** Format: date-time */
        updated_at: string;
        utm: {
          [key: string]: string;
        };
        /** Format: uuid */
        workspace_id: string;
      };
      /** Format: uuid */
      id: string;
      /** @constant */
      type: 'link.archived';
      /** Format: uuid */
      workspace_id: string;
    };
    WebhookEventLinkClicked: {
      /** Format: date-time */
      created_at: string;
      data: {
        count: number;
        events: {
          browser_family: string | null;
          country: string | null;
          device_type: string;
          /** Format: uuid */
          id: string;
          /** Format: date-time */
          occurred_at: string;
          os_family: string | null;
          referrer_host: string | null;
          region: string | null;
          resource: {
            /** Format: uuid */
            id: string;
            parent_id: string | null;
            /** @enum {string} */
            type: 'link' | 'qr_code' | 'bio_page' | 'bio_block';
          };
          /** @enum {string} */
          type: 'link.clicked' | 'qr.scanned' | 'page.viewed';
          utm: {
            campaign: string | null;
            content: string | null;
            medium: string | null;
            source: string | null;
            term: string | null;
          };
          variant_id: string | null;
          visitor_hash: string;
        }[];
      };
      /** Format: uuid */
      id: string;
      /** @constant */
      type: 'link.clicked';
      /** Format: uuid */
      workspace_id: string;
    };
    WebhookEventLinkCreated: {
      /** Format: date-time */
      created_at: string;
      data: {
        android_url: string | null;
        click_count: number;
        /** Format: date-time */
        created_at: string;
        destination_url: string;
        destinations: {
          id: string;
          url: string;
          weight: number;
        }[];
        domain: string;
        /** Format: uuid */
        domain_id: string;
        expired_url: string | null;
        expires_at: string | null;
        folder_id: string | null;
        has_password: boolean;
        /** Format: uuid */
        id: string;
        ios_url: string | null;
        max_clicks: number | null;
        note: string | null;
        qr_code_id: string | null;
        rules: {
          conditions: (
            | {
                /** @constant */
                kind: 'country';
                values: string[];
              }
            | {
                /** @constant */
                kind: 'region';
                values: string[];
              }
            | {
                /** @constant */
                kind: 'device';
                values: ('mobile' | 'tablet' | 'desktop' | 'other')[];
              }
            | {
                /** @constant */
                kind: 'os';
                values: string[];
              }
            | {
                /** @constant */
                kind: 'language';
                values: string[];
              }
            | {
                days?: number[];
                from: string;
                /** @constant */
                kind: 'time_window';
                to: string;
              }
            | {
                /** @constant */
                kind: 'referrer';
                values: string[];
              }
          )[];
          destination_url: string;
          id: string;
        }[];
        /** Format: uri */
        short_url: string;
        slug: string;
        social_preview: {
          description: string | null;
          image_url: string | null;
          title: string | null;
        } | null;
        starts_at: string | null;
        /** @enum {string} */
        status: 'draft' | 'active' | 'paused' | 'scheduled' | 'expired' | 'archived' | 'click_limit_reached';
        tags: string[];
        title: string | null;
        /** Format: date-time */
        updated_at: string;
        utm: {
          [key: string]: string;
        };
        /** Format: uuid */
        workspace_id: string;
      };
      /** Format: uuid */
      id: string;
      /** @constant */
      type: 'link.created';
      /** Format: uuid */
      workspace_id: string;
    };
    WebhookEventLinkUpdated: {
      /** Format: date-time */
      created_at: string;
      data: {
        android_url: string | null;
        click_count: number;
        /** Format: date-time */
        created_at: string;
        destination_url: string;
        destinations: {
          id: string;
          url: string;
          weight: number;
        }[];
        domain: string;
        /** Format: uuid */
        domain_id: string;
        expired_url: string | null;
        expires_at: string | null;
        folder_id: string | null;
        has_password: boolean;
        /** Format: uuid */
        id: string;
        ios_url: string | null;
        max_clicks: number | null;
        note: string | null;
        qr_code_id: string | null;
        rules: {
          conditions: (
            | {
                /** @constant */
                kind: 'country';
                values: string[];
              }
            | {
                /** @constant */
                kind: 'region';
                values: string[];
              }
            | {
                /** @constant */
                kind: 'device';
                values: ('mobile' | 'tablet' | 'desktop' | 'other')[];
              }
            | {
                /** @constant */
                kind: 'os';
                values: string[];
              }
            | {
                /** @constant */
                kind: 'language';
                values: string[];
              }
            | {
                days?: number[];
                from: string;
                /** @constant */
                kind: 'time_window';
                to: string;
              }
            | {
                /** @constant */
                kind: 'referrer';
                values: string[];
              }
          )[];
          destination_url: string;
          id: string;
        }[];
        /** Format: uri */
        short_url: string;
        slug: string;
        social_preview: {
          description: string | null;
          image_url: string | null;
          title: string | null;
        } | null;
        starts_at: string | null;
        /** @enum {string} */
        status: 'draft' | 'active' | 'paused' | 'scheduled' | 'expired' | 'archived' | 'click_limit_reached';
        tags: string[];
        title: string | null;
        /** Format: date-time */
        updated_at: string;
        utm: {
          [key: string]: string;
        };
        /** Format: uuid */
        workspace_id: string;
      };
      /** Format: uuid */
      id: string;
      /** @constant */
      type: 'link.updated';
      /** Format: uuid */
      workspace_id: string;
    };
    WebhookEventPageViewed: {
      /** Format: date-time */
      created_at: string;
      data: {
        count: number;
        events: {
          browser_family: string | null;
          country: string | null;
          device_type: string;
          /** Format: uuid */
          id: string;
          /** Format: date-time */
          occurred_at: string;
          os_family: string | null;
          referrer_host: string | null;
          region: string | null;
          resource: {
            /** Format: uuid */
            id: string;
            parent_id: string | null;
            /** @enum {string} */
            type: 'link' | 'qr_code' | 'bio_page' | 'bio_block';
          };
          /** @enum {string} */
          type: 'link.clicked' | 'qr.scanned' | 'page.viewed';
          utm: {
            campaign: string | null;
            content: string | null;
            medium: string | null;
            source: string | null;
            term: string | null;
          };
          variant_id: string | null;
          visitor_hash: string;
        }[];
      };
      /** Format: uuid */
      id: string;
      /** @constant */
      type: 'page.viewed';
      /** Format: uuid */
      workspace_id: string;
    };
    WebhookEventQrCodeArchived: {
      /** Format: date-time */
      created_at: string;
      data: {
        /** Format: date-time */
        created_at: string;
        design: {
          allow_inverted: boolean;
          bg_color: string;
          /** @enum {string} */
          error_correction: 'auto' | 'M' | 'Q' | 'H';
          fg_color: string;
          /** @enum {string} */
          finder_style: 'square' | 'rounded' | 'circle';
          frame: {
            color: string;
            /** @enum {string} */
            font: 'sans' | 'serif' | 'mono';
            label: string;
            text_color: string;
          } | null;
          logo: {
            knockout: boolean;
            size_ratio: number;
            source:
              | {
                  data_url: string;
                  /** @constant */
                  kind: 'data_url';
                }
              | {
                  asset_id: string;
                  /** @constant */
                  kind: 'asset';
                };
          } | null;
          margin: number;
          /** @enum {string} */
          module_shape: 'square' | 'rounded' | 'dots';
          transparent_background: boolean;
        };
        design_revision: number;
        destination_url: string | null;
        /** Format: uuid */
        domain_id: string;
        encoded_text: string;
        /** Format: uuid */
        id: string;
        payload:
          | {
              /** @constant */
              type: 'url';
            }
          | {
              city?: string;
              country?: string;
              /** Format: email */
              email?: string;
              first_name?: string;
              job_title?: string;
              last_name?: string;
              mobile?: string;
              note?: string;
              organization?: string;
              phone?: string;
              postal_code?: string;
              region?: string;
              street?: string;
              /** @constant */
              type: 'vcard';
              website?: string;
            }
          | {
              description?: string;
              ends_at: string;
              location?: string;
              starts_at: string;
              time_zone?: string;
              title: string;
              /** @constant */
              type: 'event';
              website?: string;
            }
          | {
              hidden?: boolean;
              password?: string;
              /** @enum {string} */
              security: 'WPA' | 'WEP' | 'nopass';
              ssid: string;
              /** @constant */
              type: 'wifi';
            }
          | {
              message?: string;
              phone: string;
              /** @constant */
              type: 'sms';
            }
          | {
              body?: string;
              subject?: string;
              /** Format: email */
              to: string;
              /** @constant */
              type: 'email';
            }
          | {
              phone: string;
              /** @constant */
              type: 'phone';
            }
          | {
              latitude: number;
              longitude: number;
              /** @constant */
              type: 'geo';
            };
        /** Format: uri */
        short_url: string;
        slug: string;
        /** @enum {string} */
        status: 'active' | 'paused' | 'archived';
        title: string | null;
        /** Format: date-time */
        updated_at: string;
        /** Format: uuid */
        workspace_id: string;
      };
      /** Format: uuid */
      id: string;
      /** @constant */
      type: 'qr_code.archived';
      /** Format: uuid */
      workspace_id: string;
    };
    WebhookEventQrCodeCreated: {
      /** Format: date-time */
      created_at: string;
      data: {
        /** Format: date-time */
        created_at: string;
        design: {
          allow_inverted: boolean;
          bg_color: string;
          /** @enum {string} */
          error_correction: 'auto' | 'M' | 'Q' | 'H';
          fg_color: string;
          /** @enum {string} */
          finder_style: 'square' | 'rounded' | 'circle';
          frame: {
            color: string;
            /** @enum {string} */
            font: 'sans' | 'serif' | 'mono';
            label: string;
            text_color: string;
          } | null;
          logo: {
            knockout: boolean;
            size_ratio: number;
            source:
              | {
                  data_url: string;
                  /** @constant */
                  kind: 'data_url';
                }
              | {
                  asset_id: string;
                  /** @constant */
                  kind: 'asset';
                };
          } | null;
          margin: number;
          /** @enum {string} */
          module_shape: 'square' | 'rounded' | 'dots';
          transparent_background: boolean;
        };
        design_revision: number;
        destination_url: string | null;
        /** Format: uuid */
        domain_id: string;
        encoded_text: string;
        /** Format: uuid */
        id: string;
        payload:
          | {
              /** @constant */
              type: 'url';
            }
          | {
              city?: string;
              country?: string;
              /** Format: email */
              email?: string;
              first_name?: string;
              job_title?: string;
              last_name?: string;
              mobile?: string;
              note?: string;
              organization?: string;
              phone?: string;
              postal_code?: string;
              region?: string;
              street?: string;
              /** @constant */
              type: 'vcard';
              website?: string;
            }
          | {
              description?: string;
              ends_at: string;
              location?: string;
              starts_at: string;
              time_zone?: string;
              title: string;
              /** @constant */
              type: 'event';
              website?: string;
            }
          | {
              hidden?: boolean;
              password?: string;
              /** @enum {string} */
              security: 'WPA' | 'WEP' | 'nopass';
              ssid: string;
              /** @constant */
              type: 'wifi';
            }
          | {
              message?: string;
              phone: string;
              /** @constant */
              type: 'sms';
            }
          | {
              body?: string;
              subject?: string;
              /** Format: email */
              to: string;
              /** @constant */
              type: 'email';
            }
          | {
              phone: string;
              /** @constant */
              type: 'phone';
            }
          | {
              latitude: number;
              longitude: number;
              /** @constant */
              type: 'geo';
            };
        /** Format: uri */
        short_url: string;
        slug: string;
        /** @enum {string} */
        status: 'active' | 'paused' | 'archived';
        title: string | null;
        /** Format: date-time */
        updated_at: string;
        /** Format: uuid */
        workspace_id: string;
      };
      /** Format: uuid */
      id: string;
      /** @constant */
      type: 'qr_code.created';
      /** Format: uuid */
      workspace_id: string;
    };
    WebhookEventQrCodeUpdated: {
      /** Format: date-time */
      created_at: string;
      data: {
        /** Format: date-time */
        created_at: string;
        design: {
          allow_inverted: boolean;
          bg_color: string;
          /** @enum {string} */
          error_correction: 'auto' | 'M' | 'Q' | 'H';
          fg_color: string;
          /** @enum {string} */
          finder_style: 'square' | 'rounded' | 'circle';
          frame: {
            color: string;
            /** @enum {string} */
            font: 'sans' | 'serif' | 'mono';
            label: string;
            text_color: string;
          } | null;
          logo: {
            knockout: boolean;
            size_ratio: number;
            source:
              | {
                  data_url: string;
                  /** @constant */
                  kind: 'data_url';
                }
              | {
                  asset_id: string;
                  /** @constant */
                  kind: 'asset';
                };
          } | null;
          margin: number;
          /** @enum {string} */
          module_shape: 'square' | 'rounded' | 'dots';
          transparent_background: boolean;
        };
        design_revision: number;
        destination_url: string | null;
        /** Format: uuid */
        domain_id: string;
        encoded_text: string;
        /** Format: uuid */
        id: string;
        payload:
          | {
              /** @constant */
              type: 'url';
            }
          | {
              city?: string;
              country?: string;
              /** Format: email */
              email?: string;
              first_name?: string;
              job_title?: string;
              last_name?: string;
              mobile?: string;
              note?: string;
              organization?: string;
              phone?: string;
              postal_code?: string;
              region?: string;
              street?: string;
              /** @constant */
              type: 'vcard';
              website?: string;
            }
          | {
              description?: string;
              ends_at: string;
              location?: string;
              starts_at: string;
              time_zone?: string;
              title: string;
              /** @constant */
              type: 'event';
              website?: string;
            }
          | {
              hidden?: boolean;
              password?: string;
              /** @enum {string} */
              security: 'WPA' | 'WEP' | 'nopass';
              ssid: string;
              /** @constant */
              type: 'wifi';
            }
          | {
              message?: string;
              phone: string;
              /** @constant */
              type: 'sms';
            }
          | {
              body?: string;
              subject?: string;
              /** Format: email */
              to: string;
              /** @constant */
              type: 'email';
            }
          | {
              phone: string;
              /** @constant */
              type: 'phone';
            }
          | {
              latitude: number;
              longitude: number;
              /** @constant */
              type: 'geo';
            };
        /** Format: uri */
        short_url: string;
        slug: string;
        /** @enum {string} */
        status: 'active' | 'paused' | 'archived';
        title: string | null;
        /** Format: date-time */
        updated_at: string;
        /** Format: uuid */
        workspace_id: string;
      };
      /** Format: uuid */
      id: string;
      /** @constant */
      type: 'qr_code.updated';
      /** Format: uuid */
      workspace_id: string;
    };
    WebhookEventQrScanned: {
      /** Format: date-time */
      created_at: string;
      data: {
        count: number;
        events: {
          browser_family: string | null;
          country: string | null;
          device_type: string;
          /** Format: uuid */
          id: string;
          /** Format: date-time */
          occurred_at: string;
          os_family: string | null;
          referrer_host: string | null;
          region: string | null;
          resource: {
            /** Format: uuid */
            id: string;
            parent_id: string | null;
            /** @enum {string} */
            type: 'link' | 'qr_code' | 'bio_page' | 'bio_block';
          };
          /** @enum {string} */
          type: 'link.clicked' | 'qr.scanned' | 'page.viewed';
          utm: {
            campaign: string | null;
            content: string | null;
            medium: string | null;
            source: string | null;
            term: string | null;
          };
          variant_id: string | null;
          visitor_hash: string;
        }[];
      };
      /** Format: uuid */
      id: string;
      /** @constant */
      type: 'qr.scanned';
      /** Format: uuid */
      workspace_id: string;
    };
    WebhookEventWebhookTest: {
      /** Format: date-time */
      created_at: string;
      data: {
        /** Format: uuid */
        endpoint_id: string;
        message: string;
      };
      /** Format: uuid */
      id: string;
      /** @constant */
      type: 'webhook.test';
      /** Format: uuid */
      workspace_id: string;
    };
    WebhookSecretRotated: {
      /** Format: uuid */
      id: string;
      previous_secret_expires_at: string | null;
      secret: string;
      secret_last4: string;
    };
  };
  responses: never;
  parameters: never;
  requestBodies: never;
  headers: never;
  pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
  analyticsBreakdown: {
    parameters: {
      query: {
        /** @example country */
        dimension:
          | 'country'
          | 'region'
          | 'device_type'
          | 'os_family'
          | 'browser_family'
          | 'referrer_host'
          | 'utm_source'
          | 'utm_medium'
          | 'utm_campaign'
          | 'utm_term'
          | 'utm_content'
          | 'variant_id'
          | 'fallback_stage'
          | 'language'
          | 'variant'
          | 'block'
          | 'event_type'
          | 'is_bot';
        event_type?: 'click' | 'scan' | 'page_view';
        from?: string;
        include_bots?: 'true' | 'false';
        limit?: number;
        resource_id?: string;
        to?: string;
        workspace_id?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Counts by one dimension value, largest first */
      200: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['BreakdownRows'];
            meta: Record<string, never>;
          };
        };
      };
      /** @description Validation failed: one `details` entry per bad field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid API key (`unauthenticated`, `api_key_revoked`) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused by authorize(): `insufficient_scope`, `insufficient_role`, `plan_limit_reached`, … */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Missing, in another workspace, or not granted — all the same answer */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Body larger than 262144 bytes (`request_too_large`) */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description `rate_limited`: see Retry-After and RateLimit-* headers */
      429: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  analyticsDashboard: {
    parameters: {
      query?: {
        browser_family?: string;
        /** @example FR */
        country?: string;
        device_type?: string;
        domain?: string;
        event_type?: string;
        from?: string;
        language?: string;
        os_family?: string;
        /** @example 7d */
        period?: '24h' | 'today' | '7d' | '30d' | '90d' | 'custom';
        referrer_host?: string;
        region?: string;
        resource_id?: string;
        tag?: string;
        to?: string;
        utm_campaign?: string;
        utm_medium?: string;
        utm_source?: string;
        variant?: string;
        workspace_id?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Totals, series and every breakdown of a period with the previous one; any breakdown value filters (country=FR&referrer_host=) */
      200: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['Dashboard'];
            meta: Record<string, never>;
          };
        };
      };
      /** @description Validation failed: one `details` entry per bad field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid API key (`unauthenticated`, `api_key_revoked`) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused by authorize(): `insufficient_scope`, `insufficient_role`, `plan_limit_reached`, … */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Missing, in another workspace, or not granted — all the same answer */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Body larger than 262144 bytes (`request_too_large`) */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description `rate_limited`: see Retry-After and RateLimit-* headers */
      429: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  analyticsRealtime: {
    parameters: {
      query?: {
        resource_id?: string;
        workspace_id?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Events and visitors of the last 30 minutes */
      200: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['Realtime'];
            meta: Record<string, never>;
          };
        };
      };
      /** @description Validation failed: one `details` entry per bad field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid API key (`unauthenticated`, `api_key_revoked`) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused by authorize(): `insufficient_scope`, `insufficient_role`, `plan_limit_reached`, … */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Missing, in another workspace, or not granted — all the same answer */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Body larger than 262144 bytes (`request_too_large`) */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description `rate_limited`: see Retry-After and RateLimit-* headers */
      429: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  analyticsTimeseries: {
    parameters: {
      query?: {
        event_type?: 'click' | 'scan' | 'page_view';
        from?: string;
        include_bots?: 'true' | 'false';
        interval?: 'hour' | 'day';
        resource_id?: string;
        to?: string;
        workspace_id?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Counts per hour or day (clicks, scans, views, unique visitors); bots excluded */
      200: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['TimeseriesPoints'];
            meta: Record<string, never>;
          };
        };
      };
      /** @description Validation failed: one `details` entry per bad field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid API key (`unauthenticated`, `api_key_revoked`) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused by authorize(): `insufficient_scope`, `insufficient_role`, `plan_limit_reached`, … */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Missing, in another workspace, or not granted — all the same answer */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Body larger than 262144 bytes (`request_too_large`) */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description `rate_limited`: see Retry-After and RateLimit-* headers */
      429: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listAssets: {
    parameters: {
      query?: {
        cursor?: string;
        limit?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description List uploaded QR logos (newest first) */
      200: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['Asset'][];
            meta: {
              next_cursor: string | null;
            };
          };
        };
      };
      /** @description Validation failed: one `details` entry per bad field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid API key (`unauthenticated`, `api_key_revoked`) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused by authorize(): `insufficient_scope`, `insufficient_role`, `plan_limit_reached`, … */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Body larger than 262144 bytes (`request_too_large`) */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description `rate_limited`: see Retry-After and RateLimit-* headers */
      429: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  uploadAsset: {
    parameters: {
      query?: never;
      header?: {
        /** @description Replays the first response for 24 h; a different body with the same key is 422 idempotency_key_reused */
        'Idempotency-Key'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'image/jpeg': string;
        'image/png': string;
        'image/svg+xml': string;
        'image/webp': string;
        'multipart/form-data': {
          /** Format: binary */
          file: string;
        };
      };
    };
    responses: {
      /** @description Upload a QR centre logo (default; PNG, JPEG or SVG by its bytes, at most 256 KiB; SVG is stored rasterised; use its logo_source as design.logo.source; an SVG too complex to draw is 422 image_too_complex), or with ?kind=avatar|block_image|page_background a photo for a bio page (JPEG, PNG or WebP, at most 15 MB and 50 megapixels, else 422 image_too_large; stored without metadata as AVIF/WebP/JPEG variants, listed in its image) */
      201: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['Asset'];
            meta: Record<string, never>;
          };
        };
      };
      /** @description Validation failed: one `details` entry per bad field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid API key (`unauthenticated`, `api_key_revoked`) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused by authorize(): `insufficient_scope`, `insufficient_role`, `plan_limit_reached`, … */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Body larger than 262144 bytes (`request_too_large`) */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description `unsupported_media_type`: not a PNG, JPEG or SVG by its bytes, or not the type the request claimed */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description `destination_unsafe`, `idempotency_key_reused`, `qr_unscannable` */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description `rate_limited`: see Retry-After and RateLimit-* headers */
      429: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getAsset: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Read an uploaded QR logo */
      200: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['Asset'];
            meta: Record<string, never>;
          };
        };
      };
      /** @description Validation failed: one `details` entry per bad field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid API key (`unauthenticated`, `api_key_revoked`) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused by authorize(): `insufficient_scope`, `insufficient_role`, `plan_limit_reached`, … */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Missing, in another workspace, or not granted — all the same answer */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Body larger than 262144 bytes (`request_too_large`) */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description `rate_limited`: see Retry-After and RateLimit-* headers */
      429: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  deleteAsset: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Delete an uploaded QR logo (refused with 409 asset_in_use while a QR code design uses it) */
      200: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['Asset'];
            meta: Record<string, never>;
          };
        };
      };
      /** @description Validation failed: one `details` entry per bad field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid API key (`unauthenticated`, `api_key_revoked`) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused by authorize(): `insufficient_scope`, `insufficient_role`, `plan_limit_reached`, … */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Missing, in another workspace, or not granted — all the same answer */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Conflict: `slug_taken`, `qr_slug_reserved`, `handle_taken`, `resource_archived`, `idempotency_key_in_progress`, … */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Body larger than 262144 bytes (`request_too_large`) */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description `rate_limited`: see Retry-After and RateLimit-* headers */
      429: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getAssetContent: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The file */
      200: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'image/jpeg': string;
          'image/png': string;
        };
      };
      /** @description Validation failed: one `details` entry per bad field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid API key (`unauthenticated`, `api_key_revoked`) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused by authorize(): `insufficient_scope`, `insufficient_role`, `plan_limit_reached`, … */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Missing, in another workspace, or not granted — all the same answer */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Body larger than 262144 bytes (`request_too_large`) */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description `rate_limited`: see Retry-After and RateLimit-* headers */
      429: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listBrandKits: {
    parameters: {
      query?: {
        cursor?: string;
        limit?: number;
        workspace_id?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description List the brand kits of the workspace (by name) */
      200: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['BrandKit'][];
            meta: {
              next_cursor: string | null;
            };
          };
        };
      };
      /** @description Validation failed: one `details` entry per bad field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid API key (`unauthenticated`, `api_key_revoked`) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused by authorize(): `insufficient_scope`, `insufficient_role`, `plan_limit_reached`, … */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Missing, in another workspace, or not granted — all the same answer */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Body larger than 262144 bytes (`request_too_large`) */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description `rate_limited`: see Retry-After and RateLimit-* headers */
      429: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  createBrandKit: {
    parameters: {
      query?: never;
      header?: {
        /** @description Replays the first response for 24 h; a different body with the same key is 422 idempotency_key_reused */
        'Idempotency-Key'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "name": "Bistro",
         *       "design": {
         *         "fg_color": "#1a237e",
         *         "frame": {
         *           "label": "SCAN FOR THE MENU",
         *           "color": "#1a237e"
         *         }
         *       }
         *     }
         */
        'application/json': {
          design: {
            /** @default false */
            allow_inverted?: boolean;
            bg_color?: string;
            /**
             * @default auto
             * @enum {string}
             */
            error_correction?: 'auto' | 'M' | 'Q' | 'H';
            fg_color?: string;
            /**
             * @default square
             * @enum {string}
             */
            finder_style?: 'square' | 'rounded' | 'circle';
            frame?: {
              color?: string;
              /**
               * @default sans
               * @enum {string}
               */
              font?: 'sans' | 'serif' | 'mono';
              label: string;
              text_color?: string;
            } | null;
            /** @default null */
            logo?: {
              /** @default true */
              knockout?: boolean;
              /** @default 0.22 */
              size_ratio?: number;
              source:
                | {
                    data_url: string;
                    /** @constant */
                    kind: 'data_url';
                  }
                | {
                    asset_id: string;
                    /** @constant */
                    kind: 'asset';
                  };
            } | null;
            /** @default 4 */
            margin?: number;
            /**
             * @default square
             * @enum {string}
             */
            module_shape?: 'square' | 'rounded' | 'dots';
            /** @default false */
            transparent_background?: boolean;
          };
          name: string;
          /** Format: uuid */
          workspace_id?: string;
        };
      };
    };
    responses: {
      /** @description Save a design as a brand kit (colours, logo, frame, label style); a new code or a bulk create names it with brand_kit_id. Not for viewers */
      201: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['BrandKit'];
            meta: Record<string, never>;
          };
        };
      };
      /** @description Validation failed: one `details` entry per bad field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid API key (`unauthenticated`, `api_key_revoked`) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused by authorize(): `insufficient_scope`, `insufficient_role`, `plan_limit_reached`, … */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Missing, in another workspace, or not granted — all the same answer */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Conflict: `slug_taken`, `qr_slug_reserved`, `handle_taken`, `resource_archived`, `idempotency_key_in_progress`, … */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Body larger than 262144 bytes (`request_too_large`) */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description `rate_limited`: see Retry-After and RateLimit-* headers */
      429: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getBrandKit: {
    parameters: {
      query?: {
        cursor?: string;
        limit?: number;
        workspace_id?: string;
      };
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Read a brand kit */
      200: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['BrandKit'];
            meta: Record<string, never>;
          };
        };
      };
      /** @description Validation failed: one `details` entry per bad field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid API key (`unauthenticated`, `api_key_revoked`) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused by authorize(): `insufficient_scope`, `insufficient_role`, `plan_limit_reached`, … */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Missing, in another workspace, or not granted — all the same answer */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Body larger than 262144 bytes (`request_too_large`) */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description `rate_limited`: see Retry-After and RateLimit-* headers */
      429: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  deleteBrandKit: {
    parameters: {
      query?: {
        cursor?: string;
        limit?: number;
        workspace_id?: string;
      };
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Delete a brand kit (codes made with it keep their design) */
      200: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['BrandKit'];
            meta: Record<string, never>;
          };
        };
      };
      /** @description Validation failed: one `details` entry per bad field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid API key (`unauthenticated`, `api_key_revoked`) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused by authorize(): `insufficient_scope`, `insufficient_role`, `plan_limit_reached`, … */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Missing, in another workspace, or not granted — all the same answer */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Body larger than 262144 bytes (`request_too_large`) */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description `rate_limited`: see Retry-After and RateLimit-* headers */
      429: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  updateBrandKit: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "name": "Bistro (summer)"
         *     }
         */
        'application/json': {
          design?: {
            /** @default false */
            allow_inverted?: boolean;
            bg_color?: string;
            /**
             * @default auto
             * @enum {string}
             */
            error_correction?: 'auto' | 'M' | 'Q' | 'H';
            fg_color?: string;
            /**
             * @default square
             * @enum {string}
             */
            finder_style?: 'square' | 'rounded' | 'circle';
            frame?: {
              color?: string;
              /**
               * @default sans
               * @enum {string}
               */
              font?: 'sans' | 'serif' | 'mono';
              label: string;
              text_color?: string;
            } | null;
            /** @default null */
            logo?: {
              /** @default true */
              knockout?: boolean;
              /** @default 0.22 */
              size_ratio?: number;
              source:
                | {
                    data_url: string;
                    /** @constant */
                    kind: 'data_url';
                  }
                | {
                    asset_id: string;
                    /** @constant */
                    kind: 'asset';
                  };
            } | null;
            /** @default 4 */
            margin?: number;
            /**
             * @default square
             * @enum {string}
             */
            module_shape?: 'square' | 'rounded' | 'dots';
            /** @default false */
            transparent_background?: boolean;
          };
          name?: string;
          /** Format: uuid */
          workspace_id?: string;
        };
      };
    };
    responses: {
      /** @description Rename a brand kit or change its design (codes made with it keep theirs) */
      200: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['BrandKit'];
            meta: Record<string, never>;
          };
        };
      };
      /** @description Validation failed: one `details` entry per bad field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid API key (`unauthenticated`, `api_key_revoked`) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused by authorize(): `insufficient_scope`, `insufficient_role`, `plan_limit_reached`, … */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Missing, in another workspace, or not granted — all the same answer */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Conflict: `slug_taken`, `qr_slug_reserved`, `handle_taken`, `resource_archived`, `idempotency_key_in_progress`, … */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Body larger than 262144 bytes (`request_too_large`) */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description `rate_limited`: see Retry-After and RateLimit-* headers */
      429: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  recordConversion: {
    parameters: {
      query?: never;
      header?: {
        /** @description Replays the first response for 24 h; a different body with the same key is 422 idempotency_key_reused */
        'Idempotency-Key'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "click_id": "lhc1AZDx8AAAcACAAAAAAAAA4QABAZDx8AAAcACAAAAAAAAAsQAAUTgBI0VniavN7w"
         *     }
         */
        'application/json': {
          click_id: string;
        };
      };
    };
    responses: {
      /** @description Report a conversion of the visit that carried lh_click=<click_id> (appended by the redirect of a link or QR code under a conversion experiment). Counted once per visitor-day; a repeat answers counted: false */
      200: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['ConversionOutcome'];
            meta: Record<string, never>;
          };
        };
      };
      /** @description Validation failed: one `details` entry per bad field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid API key (`unauthenticated`, `api_key_revoked`) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused by authorize(): `insufficient_scope`, `insufficient_role`, `plan_limit_reached`, … */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Conflict: `slug_taken`, `qr_slug_reserved`, `handle_taken`, `resource_archived`, `idempotency_key_in_progress`, … */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Body larger than 262144 bytes (`request_too_large`) */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description `rate_limited`: see Retry-After and RateLimit-* headers */
      429: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listDomains: {
    parameters: {
      query?: {
        cursor?: string;
        limit?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description List the workspace's custom domains */
      200: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['Domain'][];
            meta: {
              next_cursor: string | null;
            };
          };
        };
      };
      /** @description Validation failed: one `details` entry per bad field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid API key (`unauthenticated`, `api_key_revoked`) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused by authorize(): `insufficient_scope`, `insufficient_role`, `plan_limit_reached`, … */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Body larger than 262144 bytes (`request_too_large`) */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description `rate_limited`: see Retry-After and RateLimit-* headers */
      429: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  createDomain: {
    parameters: {
      query?: never;
      header?: {
        /** @description Replays the first response for 24 h; a different body with the same key is 422 idempotency_key_reused */
        'Idempotency-Key'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "hostname": "go.example.com"
         *     }
         */
        'application/json': {
          hostname: string;
          not_found_url?: string | null;
          /**
           * @default links
           * @enum {string}
           */
          purpose?: 'links' | 'bio' | 'all';
          root_handle?: string | null;
        };
      };
    };
    responses: {
      /** @description Connect a custom domain (verified by a DNS TXT record) */
      201: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['Domain'];
            meta: Record<string, never>;
          };
        };
      };
      /** @description Validation failed: one `details` entry per bad field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid API key (`unauthenticated`, `api_key_revoked`) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused by authorize(): `insufficient_scope`, `insufficient_role`, `plan_limit_reached`, … */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Conflict: `slug_taken`, `qr_slug_reserved`, `handle_taken`, `resource_archived`, `idempotency_key_in_progress`, … */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Body larger than 262144 bytes (`request_too_large`) */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description `destination_unsafe`, `idempotency_key_reused`, `qr_unscannable` */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description `rate_limited`: see Retry-After and RateLimit-* headers */
      429: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getDomain: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Read a custom domain */
      200: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['Domain'];
            meta: Record<string, never>;
          };
        };
      };
      /** @description Validation failed: one `details` entry per bad field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid API key (`unauthenticated`, `api_key_revoked`) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused by authorize(): `insufficient_scope`, `insufficient_role`, `plan_limit_reached`, … */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Missing, in another workspace, or not granted — all the same answer */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Body larger than 262144 bytes (`request_too_large`) */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description `rate_limited`: see Retry-After and RateLimit-* headers */
      429: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  removeDomain: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Remove a custom domain */
      200: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['Domain'];
            meta: Record<string, never>;
          };
        };
      };
      /** @description Validation failed: one `details` entry per bad field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid API key (`unauthenticated`, `api_key_revoked`) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused by authorize(): `insufficient_scope`, `insufficient_role`, `plan_limit_reached`, … */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Missing, in another workspace, or not granted — all the same answer */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Conflict: `slug_taken`, `qr_slug_reserved`, `handle_taken`, `resource_archived`, `idempotency_key_in_progress`, … */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Body larger than 262144 bytes (`request_too_large`) */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description `rate_limited`: see Retry-After and RateLimit-* headers */
      429: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  updateDomain: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "not_found_url": "https://example.com/"
         *     }
         */
        'application/json': {
          expired_url?: string | null;
          not_found_url?: string | null;
          /** @enum {string} */
          purpose?: 'links' | 'bio' | 'all';
          root_handle?: string | null;
          root_redirect_url?: string | null;
        };
      };
    };
    responses: {
      /** @description Change what a custom domain serves: purpose, root bio page, where unknown slugs go */
      200: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['Domain'];
            meta: Record<string, never>;
          };
        };
      };
      /** @description Validation failed: one `details` entry per bad field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid API key (`unauthenticated`, `api_key_revoked`) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused by authorize(): `insufficient_scope`, `insufficient_role`, `plan_limit_reached`, … */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Missing, in another workspace, or not granted — all the same answer */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Body larger than 262144 bytes (`request_too_large`) */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description `rate_limited`: see Retry-After and RateLimit-* headers */
      429: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  verifyDomain: {
    parameters: {
      query?: never;
      header?: {
        /** @description Replays the first response for 24 h; a different body with the same key is 422 idempotency_key_reused */
        'Idempotency-Key'?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Check the DNS records of a custom domain again now */
      200: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['Domain'];
            meta: Record<string, never>;
          };
        };
      };
      /** @description Validation failed: one `details` entry per bad field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid API key (`unauthenticated`, `api_key_revoked`) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused by authorize(): `insufficient_scope`, `insufficient_role`, `plan_limit_reached`, … */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Missing, in another workspace, or not granted — all the same answer */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Conflict: `slug_taken`, `qr_slug_reserved`, `handle_taken`, `resource_archived`, `idempotency_key_in_progress`, … */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Body larger than 262144 bytes (`request_too_large`) */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description `rate_limited`: see Retry-After and RateLimit-* headers */
      429: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listExperiments: {
    parameters: {
      query?: {
        cursor?: string;
        limit?: number;
        resource_id?: string;
        status?: 'draft' | 'running' | 'paused' | 'concluded' | 'promoted' | 'archived';
        workspace_id?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description List experiments (newest first; ?resource_id= and ?status= filter) */
      200: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['Experiment'][];
            meta: {
              next_cursor: string | null;
            };
          };
        };
      };
      /** @description Validation failed: one `details` entry per bad field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid API key (`unauthenticated`, `api_key_revoked`) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused by authorize(): `insufficient_scope`, `insufficient_role`, `plan_limit_reached`, … */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Missing, in another workspace, or not granted — all the same answer */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Body larger than 262144 bytes (`request_too_large`) */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description `rate_limited`: see Retry-After and RateLimit-* headers */
      429: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  createExperiment: {
    parameters: {
      query?: never;
      header?: {
        /** @description Replays the first response for 24 h; a different body with the same key is 422 idempotency_key_reused */
        'Idempotency-Key'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "resource_type": "link",
         *       "resource_id": "0190f1f0-0000-7000-8000-000000000001",
         *       "name": "Spring landing page",
         *       "variants": [
         *         {
         *           "key": "a",
         *           "name": "A",
         *           "weight": 5000,
         *           "is_control": true
         *         },
         *         {
         *           "key": "b",
         *           "name": "B",
         *           "weight": 5000,
         *           "destination_url": "https://example.com/spring-b"
         *         }
         *       ],
         *       "baseline_rate": 0.1,
         *       "minimum_effect": 0.2
         *     }
         */
        'application/json': {
          baseline_rate?: number;
          /** @enum {string} */
          goal?: 'conversions' | 'clicks' | 'leads';
          /** Format: uuid */
          goal_block_id?: string;
          minimum_effect?: number;
          name: string;
          replace_split?: boolean;
          /** Format: uuid */
          resource_id: string;
          /** @enum {string} */
          resource_type: 'link' | 'qr_code' | 'bio_page';
          variants: {
            destination_url?: string;
            is_control?: boolean;
            key: string;
            name: string;
            page?: {
              block?: {
                id: string;
                label?: string;
                url?: string;
              };
              block_order?: string[];
            };
            weight: number;
          }[];
          /** Format: uuid */
          workspace_id?: string;
        };
      };
    };
    responses: {
      /** @description Create a draft A/B experiment on a link, a QR code or a bio page: 2–5 variants whose weights (basis points) add up to 10,000; the control defaults to the current destination. The plan (baseline_rate, minimum_effect) is announced now and fixed at the start. A link with a weighted split is refused with 409 split_active unless replace_split is true, which clears the split (kept in the link history). Not on Free (403 plan_feature_unavailable) */
      201: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['Experiment'];
            meta: Record<string, never>;
          };
        };
      };
      /** @description Validation failed: one `details` entry per bad field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid API key (`unauthenticated`, `api_key_revoked`) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused by authorize(): `insufficient_scope`, `insufficient_role`, `plan_limit_reached`, … */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Missing, in another workspace, or not granted — all the same answer */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Conflict: `slug_taken`, `qr_slug_reserved`, `handle_taken`, `resource_archived`, `idempotency_key_in_progress`, … */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Body larger than 262144 bytes (`request_too_large`) */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description `destination_unsafe`, `idempotency_key_reused`, `qr_unscannable` */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description `rate_limited`: see Retry-After and RateLimit-* headers */
      429: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getExperiment: {
    parameters: {
      query?: {
        workspace_id?: string;
      };
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Read an experiment with its variants and the lifecycle steps open to it */
      200: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['Experiment'];
            meta: Record<string, never>;
          };
        };
      };
      /** @description Validation failed: one `details` entry per bad field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid API key (`unauthenticated`, `api_key_revoked`) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused by authorize(): `insufficient_scope`, `insufficient_role`, `plan_limit_reached`, … */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Missing, in another workspace, or not granted — all the same answer */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Body larger than 262144 bytes (`request_too_large`) */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description `rate_limited`: see Retry-After and RateLimit-* headers */
      429: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  updateExperiment: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "name": "Spring landing page, round 2"
         *     }
         */
        'application/json': {
          baseline_rate?: number;
          minimum_effect?: number;
          name?: string;
          variants?: {
            destination_url?: string;
            is_control?: boolean;
            key: string;
            name: string;
            page?: {
              block?: {
                id: string;
                label?: string;
                url?: string;
              };
              block_order?: string[];
            };
            weight: number;
          }[];
          /** Format: uuid */
          workspace_id?: string;
        };
      };
    };
    responses: {
      /** @description Rename, or change variants and weights (a running or paused experiment starts a new arm period: its data is never mixed with the previous one). The plan is fixed after the start */
      200: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['Experiment'];
            meta: Record<string, never>;
          };
        };
      };
      /** @description Validation failed: one `details` entry per bad field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid API key (`unauthenticated`, `api_key_revoked`) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused by authorize(): `insufficient_scope`, `insufficient_role`, `plan_limit_reached`, … */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Missing, in another workspace, or not granted — all the same answer */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Conflict: `slug_taken`, `qr_slug_reserved`, `handle_taken`, `resource_archived`, `idempotency_key_in_progress`, … */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Body larger than 262144 bytes (`request_too_large`) */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description `destination_unsafe`, `idempotency_key_reused`, `qr_unscannable` */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description `rate_limited`: see Retry-After and RateLimit-* headers */
      429: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  archiveExperiment: {
    parameters: {
      query?: never;
      header?: {
        /** @description Replays the first response for 24 h; a different body with the same key is 422 idempotency_key_reused */
        'Idempotency-Key'?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /** @example {} */
        'application/json': {
          /** Format: uuid */
          workspace_id?: string;
        };
      };
    };
    responses: {
      /** @description Archive a draft, paused, concluded or promoted experiment */
      200: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['Experiment'];
            meta: Record<string, never>;
          };
        };
      };
      /** @description Validation failed: one `details` entry per bad field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid API key (`unauthenticated`, `api_key_revoked`) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused by authorize(): `insufficient_scope`, `insufficient_role`, `plan_limit_reached`, … */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Missing, in another workspace, or not granted — all the same answer */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Conflict: `slug_taken`, `qr_slug_reserved`, `handle_taken`, `resource_archived`, `idempotency_key_in_progress`, … */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Body larger than 262144 bytes (`request_too_large`) */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description `rate_limited`: see Retry-After and RateLimit-* headers */
      429: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  concludeExperiment: {
    parameters: {
      query?: never;
      header?: {
        /** @description Replays the first response for 24 h; a different body with the same key is 422 idempotency_key_reused */
        'Idempotency-Key'?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /** @example {} */
        'application/json': {
          /** Format: uuid */
          winner_variant_id?: string;
          winner_variant_key?: string;
          /** Format: uuid */
          workspace_id?: string;
        };
      };
    };
    responses: {
      /** @description Conclude: assignment stops; the winner is the one named, else the analysis winner, if any */
      200: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['Experiment'];
            meta: Record<string, never>;
          };
        };
      };
      /** @description Validation failed: one `details` entry per bad field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid API key (`unauthenticated`, `api_key_revoked`) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused by authorize(): `insufficient_scope`, `insufficient_role`, `plan_limit_reached`, … */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Missing, in another workspace, or not granted — all the same answer */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Conflict: `slug_taken`, `qr_slug_reserved`, `handle_taken`, `resource_archived`, `idempotency_key_in_progress`, … */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Body larger than 262144 bytes (`request_too_large`) */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description `rate_limited`: see Retry-After and RateLimit-* headers */
      429: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  pauseExperiment: {
    parameters: {
      query?: never;
      header?: {
        /** @description Replays the first response for 24 h; a different body with the same key is 422 idempotency_key_reused */
        'Idempotency-Key'?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /** @example {} */
        'application/json': {
          /** Format: uuid */
          workspace_id?: string;
        };
      };
    };
    responses: {
      /** @description Pause: visitors get the plain configuration; data so far is kept */
      200: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['Experiment'];
            meta: Record<string, never>;
          };
        };
      };
      /** @description Validation failed: one `details` entry per bad field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid API key (`unauthenticated`, `api_key_revoked`) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused by authorize(): `insufficient_scope`, `insufficient_role`, `plan_limit_reached`, … */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Missing, in another workspace, or not granted — all the same answer */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Conflict: `slug_taken`, `qr_slug_reserved`, `handle_taken`, `resource_archived`, `idempotency_key_in_progress`, … */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Body larger than 262144 bytes (`request_too_large`) */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description `rate_limited`: see Retry-After and RateLimit-* headers */
      429: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  promoteExperiment: {
    parameters: {
      query?: never;
      header?: {
        /** @description Replays the first response for 24 h; a different body with the same key is 422 idempotency_key_reused */
        'Idempotency-Key'?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "winner_variant_key": "b"
         *     }
         */
        'application/json': {
          /** Format: uuid */
          winner_variant_id?: string;
          winner_variant_key?: string;
          /** Format: uuid */
          workspace_id?: string;
        };
      };
    };
    responses: {
      /** @description Promote the winner: it becomes the resource’s plain configuration (versioned, audited): a link’s or QR code’s destination; a bio page’s block order or link label/URL, written into the draft and published when the page had no unpublished edits. A running or paused experiment is concluded first */
      200: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['Experiment'];
            meta: Record<string, never>;
          };
        };
      };
      /** @description Validation failed: one `details` entry per bad field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid API key (`unauthenticated`, `api_key_revoked`) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused by authorize(): `insufficient_scope`, `insufficient_role`, `plan_limit_reached`, … */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Missing, in another workspace, or not granted — all the same answer */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Conflict: `slug_taken`, `qr_slug_reserved`, `handle_taken`, `resource_archived`, `idempotency_key_in_progress`, … */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Body larger than 262144 bytes (`request_too_large`) */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description `rate_limited`: see Retry-After and RateLimit-* headers */
      429: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getExperimentResults: {
    parameters: {
      query?: {
        workspace_id?: string;
      };
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The latest analysis of the current arm period (computed by the worker): visitor-days, conversions, rates with always-valid intervals, each variant against the control (mSPRT p-value, valid at every look), the sample-ratio-mismatch check and the verdict */
      200: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['ExperimentResults'];
            meta: Record<string, never>;
          };
        };
      };
      /** @description Validation failed: one `details` entry per bad field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid API key (`unauthenticated`, `api_key_revoked`) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused by authorize(): `insufficient_scope`, `insufficient_role`, `plan_limit_reached`, … */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Missing, in another workspace, or not granted — all the same answer */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Body larger than 262144 bytes (`request_too_large`) */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description `rate_limited`: see Retry-After and RateLimit-* headers */
      429: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  startExperiment: {
    parameters: {
      query?: never;
      header?: {
        /** @description Replays the first response for 24 h; a different body with the same key is 422 idempotency_key_reused */
        'Idempotency-Key'?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /** @example {} */
        'application/json': {
          replace_split?: boolean;
          /** Format: uuid */
          workspace_id?: string;
        };
      };
    };
    responses: {
      /** @description Start (from draft) or resume (from paused): visitors are assigned variants. A link with a weighted split is refused with 409 split_active unless replace_split is true, which clears the split (kept in the link history): one A/B concept per link */
      200: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['Experiment'];
            meta: Record<string, never>;
          };
        };
      };
      /** @description Validation failed: one `details` entry per bad field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid API key (`unauthenticated`, `api_key_revoked`) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused by authorize(): `insufficient_scope`, `insufficient_role`, `plan_limit_reached`, … */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Missing, in another workspace, or not granted — all the same answer */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Conflict: `slug_taken`, `qr_slug_reserved`, `handle_taken`, `resource_archived`, `idempotency_key_in_progress`, … */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Body larger than 262144 bytes (`request_too_large`) */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description `rate_limited`: see Retry-After and RateLimit-* headers */
      429: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listFolders: {
    parameters: {
      query?: {
        cursor?: string;
        limit?: number;
        parent_id?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description List link folders (newest first; ?parent_id= lists one folder’s subfolders) */
      200: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['Folder'][];
            meta: {
              next_cursor: string | null;
            };
          };
        };
      };
      /** @description Validation failed: one `details` entry per bad field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid API key (`unauthenticated`, `api_key_revoked`) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused by authorize(): `insufficient_scope`, `insufficient_role`, `plan_limit_reached`, … */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Body larger than 262144 bytes (`request_too_large`) */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description `rate_limited`: see Retry-After and RateLimit-* headers */
      429: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  createFolder: {
    parameters: {
      query?: never;
      header?: {
        /** @description Replays the first response for 24 h; a different body with the same key is 422 idempotency_key_reused */
        'Idempotency-Key'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "name": "Spring campaign"
         *     }
         */
        'application/json': {
          name: string;
          parent_id?: string | null;
        };
      };
    };
    responses: {
      /** @description Create a link folder (parent_id: a top-level folder; folders nest one level) */
      201: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['Folder'];
            meta: Record<string, never>;
          };
        };
      };
      /** @description Validation failed: one `details` entry per bad field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid API key (`unauthenticated`, `api_key_revoked`) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused by authorize(): `insufficient_scope`, `insufficient_role`, `plan_limit_reached`, … */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Missing, in another workspace, or not granted — all the same answer */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Conflict: `slug_taken`, `qr_slug_reserved`, `handle_taken`, `resource_archived`, `idempotency_key_in_progress`, … */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Body larger than 262144 bytes (`request_too_large`) */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description `destination_unsafe`, `idempotency_key_reused`, `qr_unscannable` */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description `rate_limited`: see Retry-After and RateLimit-* headers */
      429: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getFolder: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Read a link folder */
      200: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['Folder'];
            meta: Record<string, never>;
          };
        };
      };
      /** @description Validation failed: one `details` entry per bad field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid API key (`unauthenticated`, `api_key_revoked`) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused by authorize(): `insufficient_scope`, `insufficient_role`, `plan_limit_reached`, … */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Missing, in another workspace, or not granted — all the same answer */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Body larger than 262144 bytes (`request_too_large`) */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description `rate_limited`: see Retry-After and RateLimit-* headers */
      429: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  deleteFolder: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Delete a folder: its links are kept, in no folder; its subfolders move to the top level */
      200: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['Folder'];
            meta: Record<string, never>;
          };
        };
      };
      /** @description Validation failed: one `details` entry per bad field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid API key (`unauthenticated`, `api_key_revoked`) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused by authorize(): `insufficient_scope`, `insufficient_role`, `plan_limit_reached`, … */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Missing, in another workspace, or not granted — all the same answer */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Body larger than 262144 bytes (`request_too_large`) */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description `rate_limited`: see Retry-After and RateLimit-* headers */
      429: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  updateFolder: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "name": "Spring campaign 2027"
         *     }
         */
        'application/json': {
          name?: string;
          parent_id?: string | null;
        };
      };
    };
    responses: {
      /** @description Rename a folder or move it under another top-level folder (parent_id null: to the top level) */
      200: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['Folder'];
            meta: Record<string, never>;
          };
        };
      };
      /** @description Validation failed: one `details` entry per bad field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid API key (`unauthenticated`, `api_key_revoked`) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused by authorize(): `insufficient_scope`, `insufficient_role`, `plan_limit_reached`, … */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Missing, in another workspace, or not granted — all the same answer */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Conflict: `slug_taken`, `qr_slug_reserved`, `handle_taken`, `resource_archived`, `idempotency_key_in_progress`, … */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Body larger than 262144 bytes (`request_too_large`) */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description `destination_unsafe`, `idempotency_key_reused`, `qr_unscannable` */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description `rate_limited`: see Retry-After and RateLimit-* headers */
      429: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  importLinks: {
    parameters: {
      query?: never;
      header?: {
        /** @description Replays the first response for 24 h; a different body with the same key is 422 idempotency_key_reused */
        'Idempotency-Key'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "source": "yourls",
         *       "content": "keyword,url,title,timestamp,clicks\nblog,https://blog.example.net/,The blog,2023-02-11 14:30:00,1523\n",
         *       "dry_run": true
         *     }
         */
        'application/json': {
          content: string;
          domain?: string;
          /** @default false */
          dry_run?: boolean;
          /** @enum {string} */
          source: 'bitly' | 'dub' | 'rebrandly' | 'shlink' | 'kutt' | 'yourls';
          /** Format: uuid */
          workspace_id?: string;
        };
      };
    };
    responses: {
      /** @description Import links from an export of Bitly, Dub, Rebrandly, Shlink, Kutt, YOURLS (their API's JSON or their dashboard's CSV, as text in `content`, up to 8 MiB and 10000 links). Each row keeps its slug, on the workspace's own domain when the export names it, else on `domain` (default: the system link host), with its title, tags, expiry and, as imported history, its click total. `dry_run` creates nothing and answers what would happen. A re-run reports rows already imported as unchanged; a taken address is a conflict; each row's result is in `data`, in file order. With a session, workspace_id is required */
      200: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['ImportResults'];
            meta: {
              counts: {
                conflict: number;
                created: number;
                failed: number;
                invalid: number;
                unchanged: number;
                would_create: number;
              };
              dry_run: boolean;
              /** @enum {string} */
              format: 'json' | 'csv';
              /** @enum {string} */
              source: 'bitly' | 'dub' | 'rebrandly' | 'shlink' | 'kutt' | 'yourls';
            };
          };
        };
      };
      /** @description Validation failed: one `details` entry per bad field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid API key (`unauthenticated`, `api_key_revoked`) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused by authorize(): `insufficient_scope`, `insufficient_role`, `plan_limit_reached`, … */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Missing, in another workspace, or not granted — all the same answer */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Body larger than 262144 bytes (`request_too_large`) */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description `rate_limited`: see Retry-After and RateLimit-* headers */
      429: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listLinks: {
    parameters: {
      query?: {
        cursor?: string;
        folder_id?: string | 'none';
        limit?: number;
        q?: string;
        status?: 'draft' | 'active' | 'paused' | 'scheduled' | 'expired' | 'archived' | 'click_limit_reached';
        tag?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description List links (newest first; ?q= searches title, slug, destination and tags) */
      200: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['Link'][];
            meta: {
              next_cursor: string | null;
            };
          };
        };
      };
      /** @description Validation failed: one `details` entry per bad field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid API key (`unauthenticated`, `api_key_revoked`) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused by authorize(): `insufficient_scope`, `insufficient_role`, `plan_limit_reached`, … */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Body larger than 262144 bytes (`request_too_large`) */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description `rate_limited`: see Retry-After and RateLimit-* headers */
      429: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  createLink: {
    parameters: {
      query?: never;
      header?: {
        /** @description Replays the first response for 24 h; a different body with the same key is 422 idempotency_key_reused */
        'Idempotency-Key'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "destination_url": "https://example.com/spring",
         *       "title": "Spring sale",
         *       "tags": [
         *         "spring"
         *       ]
         *     }
         */
        'application/json': {
          android_url?: string | null;
          destination_url: string;
          destinations?: {
            /** Format: uuid */
            id?: string;
            url: string;
            weight: number;
          }[];
          domain?: string;
          /** Format: uuid */
          domain_id?: string;
          expired_url?: string | null;
          expires_at?: string | null;
          folder_id?: string | null;
          ios_url?: string | null;
          max_clicks?: number | null;
          note?: string | null;
          password?: string | null;
          /** @default true */
          publish?: boolean;
          rules?: {
            conditions: (
              | {
                  /** @constant */
                  kind: 'country';
                  values: string[];
                }
              | {
                  /** @constant */
                  kind: 'region';
                  values: string[];
                }
              | {
                  /** @constant */
                  kind: 'device';
                  values: ('mobile' | 'tablet' | 'desktop' | 'other')[];
                }
              | {
                  /** @constant */
                  kind: 'os';
                  values: string[];
                }
              | {
                  /** @constant */
                  kind: 'language';
                  values: string[];
                }
              | {
                  days?: number[];
                  from: string;
                  /** @constant */
                  kind: 'time_window';
                  to: string;
                }
              | {
                  /** @constant */
                  kind: 'referrer';
                  values: string[];
                }
            )[];
            destination_url: string;
            id?: string;
          }[];
          slug?: string;
          social_preview?: {
            description?: string | null;
            image_url?: ('' | string) | null;
            title?: string | null;
          } | null;
          starts_at?: string | null;
          tags?: string[];
          title?: string;
          utm?: {
            campaign?: string;
            content?: string;
            medium?: string;
            source?: string;
            term?: string;
          };
          /** Format: uuid */
          utm_preset_id?: string;
        };
      };
    };
    responses: {
      /** @description Create a short link (slug generated when absent; domain defaults to the system link host) */
      201: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['Link'];
            meta: Record<string, never>;
          };
        };
      };
      /** @description Validation failed: one `details` entry per bad field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid API key (`unauthenticated`, `api_key_revoked`) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused by authorize(): `insufficient_scope`, `insufficient_role`, `plan_limit_reached`, … */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Missing, in another workspace, or not granted — all the same answer */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Conflict: `slug_taken`, `qr_slug_reserved`, `handle_taken`, `resource_archived`, `idempotency_key_in_progress`, … */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Body larger than 262144 bytes (`request_too_large`) */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description `destination_unsafe`, `idempotency_key_reused`, `qr_unscannable` */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description `rate_limited`: see Retry-After and RateLimit-* headers */
      429: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getLink: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Read a link */
      200: {
        headers: {
          /** @description The item's version, `W/"<n>"`: send it back as If-Match */
          ETag?: string;
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['Link'];
            meta: Record<string, never>;
          };
        };
      };
      /** @description Validation failed: one `details` entry per bad field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid API key (`unauthenticated`, `api_key_revoked`) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused by authorize(): `insufficient_scope`, `insufficient_role`, `plan_limit_reached`, … */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Missing, in another workspace, or not granted — all the same answer */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Body larger than 262144 bytes (`request_too_large`) */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description `rate_limited`: see Retry-After and RateLimit-* headers */
      429: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  archiveLink: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Archive a link */
      200: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['Link'];
            meta: Record<string, never>;
          };
        };
      };
      /** @description Validation failed: one `details` entry per bad field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid API key (`unauthenticated`, `api_key_revoked`) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused by authorize(): `insufficient_scope`, `insufficient_role`, `plan_limit_reached`, … */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Missing, in another workspace, or not granted — all the same answer */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Conflict: `slug_taken`, `qr_slug_reserved`, `handle_taken`, `resource_archived`, `idempotency_key_in_progress`, … */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Body larger than 262144 bytes (`request_too_large`) */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description `rate_limited`: see Retry-After and RateLimit-* headers */
      429: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  updateLink: {
    parameters: {
      query?: never;
      header?: {
        /** @description The ETag of the version read: a stale one answers 412 stale_write; absent, the last write wins */
        'If-Match'?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "title": "Summer sale"
         *     }
         */
        'application/json': {
          android_url?: string | null;
          destination_url?: string;
          destinations?: {
            /** Format: uuid */
            id?: string;
            url: string;
            weight: number;
          }[];
          expired_url?: string | null;
          expires_at?: string | null;
          folder_id?: string | null;
          ios_url?: string | null;
          max_clicks?: number | null;
          note?: string | null;
          password?: string | null;
          rules?: {
            conditions: (
              | {
                  /** @constant */
                  kind: 'country';
                  values: string[];
                }
              | {
                  /** @constant */
                  kind: 'region';
                  values: string[];
                }
              | {
                  /** @constant */
                  kind: 'device';
                  values: ('mobile' | 'tablet' | 'desktop' | 'other')[];
                }
              | {
                  /** @constant */
                  kind: 'os';
                  values: string[];
                }
              | {
                  /** @constant */
                  kind: 'language';
                  values: string[];
                }
              | {
                  days?: number[];
                  from: string;
                  /** @constant */
                  kind: 'time_window';
                  to: string;
                }
              | {
                  /** @constant */
                  kind: 'referrer';
                  values: string[];
                }
            )[];
            destination_url: string;
            id?: string;
          }[];
          slug?: string;
          social_preview?: {
            description?: string | null;
            image_url?: ('' | string) | null;
            title?: string | null;
          } | null;
          starts_at?: string | null;
          /** @enum {string} */
          status?: 'active' | 'paused';
          tags?: string[];
          title?: string | null;
          utm?: {
            campaign?: string;
            content?: string;
            medium?: string;
            source?: string;
            term?: string;
          };
          /** Format: uuid */
          utm_preset_id?: string;
        };
      };
    };
    responses: {
      /** @description Update a link (any subset; status pauses or resumes) */
      200: {
        headers: {
          /** @description The item's version, `W/"<n>"`: send it back as If-Match */
          ETag?: string;
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['Link'];
            meta: Record<string, never>;
          };
        };
      };
      /** @description Validation failed: one `details` entry per bad field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid API key (`unauthenticated`, `api_key_revoked`) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused by authorize(): `insufficient_scope`, `insufficient_role`, `plan_limit_reached`, … */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Missing, in another workspace, or not granted — all the same answer */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Conflict: `slug_taken`, `qr_slug_reserved`, `handle_taken`, `resource_archived`, `idempotency_key_in_progress`, … */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description `stale_write`: If-Match names a version the item has moved on from; `details` name the fields changed since and carry `current_etag` */
      412: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Body larger than 262144 bytes (`request_too_large`) */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description `destination_unsafe`, `idempotency_key_reused`, `qr_unscannable` */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description `rate_limited`: see Retry-After and RateLimit-* headers */
      429: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  bulkCreateLinks: {
    parameters: {
      query?: never;
      header?: {
        /** @description Replays the first response for 24 h; a different body with the same key is 422 idempotency_key_reused */
        'Idempotency-Key'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "links": [
         *         {
         *           "destination_url": "https://example.com/spring",
         *           "title": "Spring sale",
         *           "tags": [
         *             "spring"
         *           ]
         *         },
         *         {
         *           "destination_url": "https://example.com/autumn",
         *           "slug": "autumn"
         *         }
         *       ]
         *     }
         */
        'application/json': {
          links: {
            android_url?: string | null;
            destination_url: string;
            destinations?: {
              /** Format: uuid */
              id?: string;
              url: string;
              weight: number;
            }[];
            domain?: string;
            /** Format: uuid */
            domain_id?: string;
            expired_url?: string | null;
            expires_at?: string | null;
            folder_id?: string | null;
            ios_url?: string | null;
            max_clicks?: number | null;
            note?: string | null;
            password?: string | null;
            /** @default true */
            publish?: boolean;
            rules?: {
              conditions: (
                | {
                    /** @constant */
                    kind: 'country';
                    values: string[];
                  }
                | {
                    /** @constant */
                    kind: 'region';
                    values: string[];
                  }
                | {
                    /** @constant */
                    kind: 'device';
                    values: ('mobile' | 'tablet' | 'desktop' | 'other')[];
                  }
                | {
                    /** @constant */
                    kind: 'os';
                    values: string[];
                  }
                | {
                    /** @constant */
                    kind: 'language';
                    values: string[];
                  }
                | {
                    days?: number[];
                    from: string;
                    /** @constant */
                    kind: 'time_window';
                    to: string;
                  }
                | {
                    /** @constant */
                    kind: 'referrer';
                    values: string[];
                  }
              )[];
              destination_url: string;
              id?: string;
            }[];
            slug?: string;
            social_preview?: {
              description?: string | null;
              image_url?: ('' | string) | null;
              title?: string | null;
            } | null;
            starts_at?: string | null;
            tags?: string[];
            title?: string;
            utm?: {
              campaign?: string;
              content?: string;
              medium?: string;
              source?: string;
              term?: string;
            };
            /** Format: uuid */
            utm_preset_id?: string;
          }[];
          /** Format: uuid */
          workspace_id?: string;
        };
      };
    };
    responses: {
      /** @description Create up to 100 links in one request (each item a createLink body; an item that fails fails alone, with its error; results in request order). With a session, workspace_id is required; an API key may omit it. Counts as one request against the rate limit */
      200: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['BulkLinkResults'];
            meta: {
              created: number;
              failed: number;
            };
          };
        };
      };
      /** @description Validation failed: one `details` entry per bad field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid API key (`unauthenticated`, `api_key_revoked`) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused by authorize(): `insufficient_scope`, `insufficient_role`, `plan_limit_reached`, … */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Missing, in another workspace, or not granted — all the same answer */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Conflict: `slug_taken`, `qr_slug_reserved`, `handle_taken`, `resource_archived`, `idempotency_key_in_progress`, … */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Body larger than 262144 bytes (`request_too_large`) */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description `destination_unsafe`, `idempotency_key_reused`, `qr_unscannable` */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description `rate_limited`: see Retry-After and RateLimit-* headers */
      429: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  moveLinks: {
    parameters: {
      query?: never;
      header?: {
        /** @description Replays the first response for 24 h; a different body with the same key is 422 idempotency_key_reused */
        'Idempotency-Key'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "link_ids": [
         *         "0190a4c2-7c1e-7000-8000-000000000001"
         *       ],
         *       "folder_id": null
         *     }
         */
        'application/json': {
          folder_id: string | null;
          link_ids: string[];
        };
      };
    };
    responses: {
      /** @description Move up to 100 links into a folder (folder_id null: out of any folder); all move or none does */
      200: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['MovedLinks'];
            meta: Record<string, never>;
          };
        };
      };
      /** @description Validation failed: one `details` entry per bad field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid API key (`unauthenticated`, `api_key_revoked`) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused by authorize(): `insufficient_scope`, `insufficient_role`, `plan_limit_reached`, … */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Missing, in another workspace, or not granted — all the same answer */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Conflict: `slug_taken`, `qr_slug_reserved`, `handle_taken`, `resource_archived`, `idempotency_key_in_progress`, … */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Body larger than 262144 bytes (`request_too_large`) */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description `rate_limited`: see Retry-After and RateLimit-* headers */
      429: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listPages: {
    parameters: {
      query?: {
        cursor?: string;
        limit?: number;
        q?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description List bio pages */
      200: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['Page'][];
            meta: {
              next_cursor: string | null;
            };
          };
        };
      };
      /** @description Validation failed: one `details` entry per bad field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid API key (`unauthenticated`, `api_key_revoked`) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused by authorize(): `insufficient_scope`, `insufficient_role`, `plan_limit_reached`, … */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Body larger than 262144 bytes (`request_too_large`) */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description `rate_limited`: see Retry-After and RateLimit-* headers */
      429: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  createPage: {
    parameters: {
      query?: never;
      header?: {
        /** @description Replays the first response for 24 h; a different body with the same key is 422 idempotency_key_reused */
        'Idempotency-Key'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "handle": "ada",
         *       "title": "Ada",
         *       "blocks": [
         *         {
         *           "type": "header",
         *           "text": "Hello"
         *         },
         *         {
         *           "type": "link",
         *           "title": "Blog",
         *           "url": "https://example.com/blog"
         *         }
         *       ]
         *     }
         */
        'application/json': {
          avatar?: string | null;
          bio?: string;
          blocks?: (
            | {
                id?: string;
                notice?: {
                  /** @enum {string} */
                  kind: 'adult' | 'sensitive';
                  message?: string;
                } | null;
                title: string;
                /** @constant */
                type: 'link';
                url: string;
                visible_from?: string | null;
                visible_until?: string | null;
              }
            | {
                id?: string;
                text: string;
                /** @constant */
                type: 'header';
                visible_from?: string | null;
                visible_until?: string | null;
              }
            | {
                id?: string;
                text: string;
                /** @constant */
                type: 'text';
                visible_from?: string | null;
                visible_until?: string | null;
              }
            | {
                id?: string;
                links: {
                  network: string;
                  url: string;
                }[];
                /** @constant */
                type: 'social';
                visible_from?: string | null;
                visible_until?: string | null;
              }
            | {
                alt: string;
                /** Format: uuid */
                asset_id?: string;
                height?: number;
                id?: string;
                /** @constant */
                type: 'image';
                url: string;
                visible_from?: string | null;
                visible_until?: string | null;
                width?: number;
              }
            | {
                id?: string;
                /** @constant */
                type: 'embed';
                url: string;
                visible_from?: string | null;
                visible_until?: string | null;
              }
            | {
                button_label: string;
                consent_text?: string;
                double_opt_in?: boolean;
                id?: string;
                title: string;
                /** @constant */
                type: 'email_capture';
                visible_from?: string | null;
                visible_until?: string | null;
              }
            | {
                id?: string;
                /** @constant */
                type: 'divider';
                visible_from?: string | null;
                visible_until?: string | null;
              }
          )[];
          domain?: string;
          handle: string;
          /** @enum {string} */
          language?: 'en' | 'de' | 'fr' | 'es' | 'it' | 'pt' | 'ja';
          notice?: {
            /** @enum {string} */
            kind: 'adult' | 'sensitive';
            message?: string;
          } | null;
          share_description?: string;
          share_image?: string | null;
          share_title?: string;
          theme?: {
            accent?: string;
            background?: string;
            background_image?: string;
            /** @enum {string} */
            background_kind?: 'solid' | 'gradient' | 'image';
            background_photo?: string | null;
            background_to?: string;
            /** @enum {string} */
            button_shape?: 'square' | 'rounded' | 'pill';
            /** @enum {string} */
            button_style?: 'filled' | 'outline' | 'soft';
            /** @enum {string} */
            font?:
              | 'system'
              | 'serif'
              | 'rounded'
              | 'mono'
              | 'dm-sans'
              | 'playfair'
              | 'space-grotesk'
              | 'lora'
              | 'dm-serif'
              | 'nunito';
            gradient_angle?: number;
            text?: string;
          };
          title: string;
        };
      };
    };
    responses: {
      /** @description Create a bio page with its blocks (a draft until published) */
      201: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['Page'];
            meta: Record<string, never>;
          };
        };
      };
      /** @description Validation failed: one `details` entry per bad field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid API key (`unauthenticated`, `api_key_revoked`) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused by authorize(): `insufficient_scope`, `insufficient_role`, `plan_limit_reached`, … */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Conflict: `slug_taken`, `qr_slug_reserved`, `handle_taken`, `resource_archived`, `idempotency_key_in_progress`, … */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Body larger than 262144 bytes (`request_too_large`) */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description `destination_unsafe`, `idempotency_key_reused`, `qr_unscannable` */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description `rate_limited`: see Retry-After and RateLimit-* headers */
      429: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getPage: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Read a bio page and its draft blocks */
      200: {
        headers: {
          /** @description The item's version, `W/"<n>"`: send it back as If-Match */
          ETag?: string;
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['Page'];
            meta: Record<string, never>;
          };
        };
      };
      /** @description Validation failed: one `details` entry per bad field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid API key (`unauthenticated`, `api_key_revoked`) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused by authorize(): `insufficient_scope`, `insufficient_role`, `plan_limit_reached`, … */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Missing, in another workspace, or not granted — all the same answer */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Body larger than 262144 bytes (`request_too_large`) */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description `rate_limited`: see Retry-After and RateLimit-* headers */
      429: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  archivePage: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Archive a page (it stops being public) */
      200: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['Page'];
            meta: Record<string, never>;
          };
        };
      };
      /** @description Validation failed: one `details` entry per bad field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid API key (`unauthenticated`, `api_key_revoked`) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused by authorize(): `insufficient_scope`, `insufficient_role`, `plan_limit_reached`, … */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Missing, in another workspace, or not granted — all the same answer */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Conflict: `slug_taken`, `qr_slug_reserved`, `handle_taken`, `resource_archived`, `idempotency_key_in_progress`, … */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Body larger than 262144 bytes (`request_too_large`) */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description `rate_limited`: see Retry-After and RateLimit-* headers */
      429: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  updatePage: {
    parameters: {
      query?: never;
      header?: {
        /** @description The ETag of the version read: a stale one answers 412 stale_write; absent, the last write wins */
        'If-Match'?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "title": "Ada L."
         *     }
         */
        'application/json': {
          avatar?: string | null;
          bio?: string | null;
          blocks?: (
            | {
                id?: string;
                notice?: {
                  /** @enum {string} */
                  kind: 'adult' | 'sensitive';
                  message?: string;
                } | null;
                title: string;
                /** @constant */
                type: 'link';
                url: string;
                visible_from?: string | null;
                visible_until?: string | null;
              }
            | {
                id?: string;
                text: string;
                /** @constant */
                type: 'header';
                visible_from?: string | null;
                visible_until?: string | null;
              }
            | {
                id?: string;
                text: string;
                /** @constant */
                type: 'text';
                visible_from?: string | null;
                visible_until?: string | null;
              }
            | {
                id?: string;
                links: {
                  network: string;
                  url: string;
                }[];
                /** @constant */
                type: 'social';
                visible_from?: string | null;
                visible_until?: string | null;
              }
            | {
                alt: string;
                /** Format: uuid */
                asset_id?: string;
                height?: number;
                id?: string;
                /** @constant */
                type: 'image';
                url: string;
                visible_from?: string | null;
                visible_until?: string | null;
                width?: number;
              }
            | {
                id?: string;
                /** @constant */
                type: 'embed';
                url: string;
                visible_from?: string | null;
                visible_until?: string | null;
              }
            | {
                button_label: string;
                consent_text?: string;
                double_opt_in?: boolean;
                id?: string;
                title: string;
                /** @constant */
                type: 'email_capture';
                visible_from?: string | null;
                visible_until?: string | null;
              }
            | {
                id?: string;
                /** @constant */
                type: 'divider';
                visible_from?: string | null;
                visible_until?: string | null;
              }
          )[];
          domain?: string;
          handle?: string;
          /** @enum {string} */
          language?: 'en' | 'de' | 'fr' | 'es' | 'it' | 'pt' | 'ja';
          notice?: {
            /** @enum {string} */
            kind: 'adult' | 'sensitive';
            message?: string;
          } | null;
          share_description?: string;
          share_image?: string | null;
          share_title?: string;
          theme?: {
            accent?: string;
            background?: string;
            background_image?: string;
            /** @enum {string} */
            background_kind?: 'solid' | 'gradient' | 'image';
            background_photo?: string | null;
            background_to?: string;
            /** @enum {string} */
            button_shape?: 'square' | 'rounded' | 'pill';
            /** @enum {string} */
            button_style?: 'filled' | 'outline' | 'soft';
            /** @enum {string} */
            font?:
              | 'system'
              | 'serif'
              | 'rounded'
              | 'mono'
              | 'dm-sans'
              | 'playfair'
              | 'space-grotesk'
              | 'lora'
              | 'dm-serif'
              | 'nunito';
            gradient_angle?: number;
            text?: string;
          };
          title?: string;
        };
      };
    };
    responses: {
      /** @description Update a page; blocks, when sent, replace the draft block list */
      200: {
        headers: {
          /** @description The item's version, `W/"<n>"`: send it back as If-Match */
          ETag?: string;
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['Page'];
            meta: Record<string, never>;
          };
        };
      };
      /** @description Validation failed: one `details` entry per bad field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid API key (`unauthenticated`, `api_key_revoked`) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused by authorize(): `insufficient_scope`, `insufficient_role`, `plan_limit_reached`, … */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Missing, in another workspace, or not granted — all the same answer */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Conflict: `slug_taken`, `qr_slug_reserved`, `handle_taken`, `resource_archived`, `idempotency_key_in_progress`, … */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description `stale_write`: If-Match names a version the item has moved on from; `details` name the fields changed since and carry `current_etag` */
      412: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Body larger than 262144 bytes (`request_too_large`) */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description `rate_limited`: see Retry-After and RateLimit-* headers */
      429: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  publishPage: {
    parameters: {
      query?: never;
      header?: {
        /** @description Replays the first response for 24 h; a different body with the same key is 422 idempotency_key_reused */
        'Idempotency-Key'?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Make the current draft the public page */
      200: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['Page'];
            meta: Record<string, never>;
          };
        };
      };
      /** @description Validation failed: one `details` entry per bad field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid API key (`unauthenticated`, `api_key_revoked`) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused by authorize(): `insufficient_scope`, `insufficient_role`, `plan_limit_reached`, … */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Missing, in another workspace, or not granted — all the same answer */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Conflict: `slug_taken`, `qr_slug_reserved`, `handle_taken`, `resource_archived`, `idempotency_key_in_progress`, … */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Body larger than 262144 bytes (`request_too_large`) */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description `rate_limited`: see Retry-After and RateLimit-* headers */
      429: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listQrCodes: {
    parameters: {
      query?: {
        cursor?: string;
        limit?: number;
        q?: string;
        status?: 'active' | 'paused' | 'archived';
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description List QR codes */
      200: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['QrCode'][];
            meta: {
              next_cursor: string | null;
            };
          };
        };
      };
      /** @description Validation failed: one `details` entry per bad field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid API key (`unauthenticated`, `api_key_revoked`) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused by authorize(): `insufficient_scope`, `insufficient_role`, `plan_limit_reached`, … */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Body larger than 262144 bytes (`request_too_large`) */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description `rate_limited`: see Retry-After and RateLimit-* headers */
      429: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  createQrCode: {
    parameters: {
      query?: never;
      header?: {
        /** @description Replays the first response for 24 h; a different body with the same key is 422 idempotency_key_reused */
        'Idempotency-Key'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "destination_url": "https://example.com/menu",
         *       "title": "Table menu"
         *     }
         */
        'application/json': {
          /** Format: uuid */
          brand_kit_id?: string;
          design?: {
            /** @default false */
            allow_inverted?: boolean;
            bg_color?: string;
            /**
             * @default auto
             * @enum {string}
             */
            error_correction?: 'auto' | 'M' | 'Q' | 'H';
            fg_color?: string;
            /**
             * @default square
             * @enum {string}
             */
            finder_style?: 'square' | 'rounded' | 'circle';
            frame?: {
              color?: string;
              /**
               * @default sans
               * @enum {string}
               */
              font?: 'sans' | 'serif' | 'mono';
              label: string;
              text_color?: string;
            } | null;
            /** @default null */
            logo?: {
              /** @default true */
              knockout?: boolean;
              /** @default 0.22 */
              size_ratio?: number;
              source:
                | {
                    data_url: string;
                    /** @constant */
                    kind: 'data_url';
                  }
                | {
                    asset_id: string;
                    /** @constant */
                    kind: 'asset';
                  };
            } | null;
            /** @default 4 */
            margin?: number;
            /**
             * @default square
             * @enum {string}
             */
            module_shape?: 'square' | 'rounded' | 'dots';
            /** @default false */
            transparent_background?: boolean;
          };
          destination_url?: string;
          domain?: string;
          /** Format: uuid */
          domain_id?: string;
          payload?:
            | {
                /** @constant */
                type: 'url';
              }
            | {
                city?: string;
                country?: string;
                email?: string;
                first_name?: string;
                job_title?: string;
                last_name?: string;
                mobile?: string;
                note?: string;
                organization?: string;
                phone?: string;
                postal_code?: string;
                region?: string;
                street?: string;
                /** @constant */
                type: 'vcard';
                website?: string;
              }
            | {
                description?: string;
                ends_at: string;
                location?: string;
                starts_at: string;
                time_zone?: string;
                title: string;
                /** @constant */
                type: 'event';
                website?: string;
              }
            | {
                hidden?: boolean;
                password?: string;
                /** @enum {string} */
                security: 'WPA' | 'WEP' | 'nopass';
                ssid: string;
                /** @constant */
                type: 'wifi';
              }
            | {
                message?: string;
                phone: string;
                /** @constant */
                type: 'sms';
              }
            | {
                body?: string;
                subject?: string;
                to: string;
                /** @constant */
                type: 'email';
              }
            | {
                phone: string;
                /** @constant */
                type: 'phone';
              }
            | {
                latitude: number;
                longitude: number;
                /** @constant */
                type: 'geo';
              };
          slug?: string;
          title?: string;
        };
      };
    };
    responses: {
      /** @description Create a QR code: url, vcard or event (dynamic: editable after printing, counted; its slug is reserved forever) or wifi, sms, email, phone or geo (static: the data is in the symbol) */
      201: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['QrCode'];
            meta: Record<string, never>;
          };
        };
      };
      /** @description Validation failed: one `details` entry per bad field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid API key (`unauthenticated`, `api_key_revoked`) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused by authorize(): `insufficient_scope`, `insufficient_role`, `plan_limit_reached`, … */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Missing, in another workspace, or not granted — all the same answer */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Conflict: `slug_taken`, `qr_slug_reserved`, `handle_taken`, `resource_archived`, `idempotency_key_in_progress`, … */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Body larger than 262144 bytes (`request_too_large`) */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description `destination_unsafe`, `idempotency_key_reused`, `qr_unscannable` */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description `rate_limited`: see Retry-After and RateLimit-* headers */
      429: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getQrCode: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Read a QR code */
      200: {
        headers: {
          /** @description The item's version, `W/"<n>"`: send it back as If-Match */
          ETag?: string;
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['QrCode'];
            meta: Record<string, never>;
          };
        };
      };
      /** @description Validation failed: one `details` entry per bad field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid API key (`unauthenticated`, `api_key_revoked`) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused by authorize(): `insufficient_scope`, `insufficient_role`, `plan_limit_reached`, … */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Missing, in another workspace, or not granted — all the same answer */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Body larger than 262144 bytes (`request_too_large`) */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description `rate_limited`: see Retry-After and RateLimit-* headers */
      429: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  archiveQrCode: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Archive a QR code (it keeps resolving through its fallback) */
      200: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['QrCode'];
            meta: Record<string, never>;
          };
        };
      };
      /** @description Validation failed: one `details` entry per bad field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid API key (`unauthenticated`, `api_key_revoked`) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused by authorize(): `insufficient_scope`, `insufficient_role`, `plan_limit_reached`, … */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Missing, in another workspace, or not granted — all the same answer */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Conflict: `slug_taken`, `qr_slug_reserved`, `handle_taken`, `resource_archived`, `idempotency_key_in_progress`, … */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Body larger than 262144 bytes (`request_too_large`) */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description `rate_limited`: see Retry-After and RateLimit-* headers */
      429: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  updateQrCode: {
    parameters: {
      query?: never;
      header?: {
        /** @description The ETag of the version read: a stale one answers 412 stale_write; absent, the last write wins */
        'If-Match'?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "destination_url": "https://example.com/menu-2"
         *     }
         */
        'application/json': {
          design?: {
            /** @default false */
            allow_inverted?: boolean;
            bg_color?: string;
            /**
             * @default auto
             * @enum {string}
             */
            error_correction?: 'auto' | 'M' | 'Q' | 'H';
            fg_color?: string;
            /**
             * @default square
             * @enum {string}
             */
            finder_style?: 'square' | 'rounded' | 'circle';
            frame?: {
              color?: string;
              /**
               * @default sans
               * @enum {string}
               */
              font?: 'sans' | 'serif' | 'mono';
              label: string;
              text_color?: string;
            } | null;
            /** @default null */
            logo?: {
              /** @default true */
              knockout?: boolean;
              /** @default 0.22 */
              size_ratio?: number;
              source:
                | {
                    data_url: string;
                    /** @constant */
                    kind: 'data_url';
                  }
                | {
                    asset_id: string;
                    /** @constant */
                    kind: 'asset';
                  };
            } | null;
            /** @default 4 */
            margin?: number;
            /**
             * @default square
             * @enum {string}
             */
            module_shape?: 'square' | 'rounded' | 'dots';
            /** @default false */
            transparent_background?: boolean;
          };
          destination_url?: string;
          payload?:
            | {
                /** @constant */
                type: 'url';
              }
            | {
                city?: string;
                country?: string;
                email?: string;
                first_name?: string;
                job_title?: string;
                last_name?: string;
                mobile?: string;
                note?: string;
                organization?: string;
                phone?: string;
                postal_code?: string;
                region?: string;
                street?: string;
                /** @constant */
                type: 'vcard';
                website?: string;
              }
            | {
                description?: string;
                ends_at: string;
                location?: string;
                starts_at: string;
                time_zone?: string;
                title: string;
                /** @constant */
                type: 'event';
                website?: string;
              }
            | {
                hidden?: boolean;
                password?: string;
                /** @enum {string} */
                security: 'WPA' | 'WEP' | 'nopass';
                ssid: string;
                /** @constant */
                type: 'wifi';
              }
            | {
                message?: string;
                phone: string;
                /** @constant */
                type: 'sms';
              }
            | {
                body?: string;
                subject?: string;
                to: string;
                /** @constant */
                type: 'email';
              }
            | {
                phone: string;
                /** @constant */
                type: 'phone';
              }
            | {
                latitude: number;
                longitude: number;
                /** @constant */
                type: 'geo';
              };
          /** @enum {string} */
          status?: 'active' | 'paused';
          title?: string | null;
        };
      };
    };
    responses: {
      /** @description Re-point, restyle or change the payload of a QR code (the slug never changes, nor whether it is static or dynamic: 422 qr_payload_kind_fixed) */
      200: {
        headers: {
          /** @description The item's version, `W/"<n>"`: send it back as If-Match */
          ETag?: string;
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['QrCode'];
            meta: Record<string, never>;
          };
        };
      };
      /** @description Validation failed: one `details` entry per bad field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid API key (`unauthenticated`, `api_key_revoked`) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused by authorize(): `insufficient_scope`, `insufficient_role`, `plan_limit_reached`, … */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Missing, in another workspace, or not granted — all the same answer */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Conflict: `slug_taken`, `qr_slug_reserved`, `handle_taken`, `resource_archived`, `idempotency_key_in_progress`, … */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description `stale_write`: If-Match names a version the item has moved on from; `details` name the fields changed since and carry `current_etag` */
      412: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Body larger than 262144 bytes (`request_too_large`) */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description `destination_unsafe`, `idempotency_key_reused`, `qr_unscannable` */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description `rate_limited`: see Retry-After and RateLimit-* headers */
      429: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  renderQrCode: {
    parameters: {
      query?: {
        bleed_mm?: number;
        dpi?: number;
        format?: 'svg' | 'png' | 'pdf' | 'eps';
        size_mm?: number;
      };
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The file */
      200: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/pdf': string;
          'application/postscript': string;
          'image/png': string;
          'image/svg+xml': string;
        };
      };
      /** @description Validation failed: one `details` entry per bad field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid API key (`unauthenticated`, `api_key_revoked`) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused by authorize(): `insufficient_scope`, `insufficient_role`, `plan_limit_reached`, … */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Missing, in another workspace, or not granted — all the same answer */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Body larger than 262144 bytes (`request_too_large`) */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description `destination_unsafe`, `idempotency_key_reused`, `qr_unscannable` */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description `rate_limited`: see Retry-After and RateLimit-* headers */
      429: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  bulkCreateQrCodes: {
    parameters: {
      query?: never;
      header?: {
        /** @description Replays the first response for 24 h; a different body with the same key is 422 idempotency_key_reused */
        'Idempotency-Key'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "qr_codes": [
         *         {
         *           "destination_url": "https://example.com/menu",
         *           "title": "Table menu"
         *         },
         *         {
         *           "destination_url": "https://example.com/menu?table=2",
         *           "slug": "table-2"
         *         }
         *       ]
         *     }
         */
        'application/json': {
          /** Format: uuid */
          brand_kit_id?: string;
          qr_codes: {
            /** Format: uuid */
            brand_kit_id?: string;
            design?: {
              /** @default false */
              allow_inverted?: boolean;
              bg_color?: string;
              /**
               * @default auto
               * @enum {string}
               */
              error_correction?: 'auto' | 'M' | 'Q' | 'H';
              fg_color?: string;
              /**
               * @default square
               * @enum {string}
               */
              finder_style?: 'square' | 'rounded' | 'circle';
              frame?: {
                color?: string;
                /**
                 * @default sans
                 * @enum {string}
                 */
                font?: 'sans' | 'serif' | 'mono';
                label: string;
                text_color?: string;
              } | null;
              /** @default null */
              logo?: {
                /** @default true */
                knockout?: boolean;
                /** @default 0.22 */
                size_ratio?: number;
                source:
                  | {
                      data_url: string;
                      /** @constant */
                      kind: 'data_url';
                    }
                  | {
                      asset_id: string;
                      /** @constant */
                      kind: 'asset';
                    };
              } | null;
              /** @default 4 */
              margin?: number;
              /**
               * @default square
               * @enum {string}
               */
              module_shape?: 'square' | 'rounded' | 'dots';
              /** @default false */
              transparent_background?: boolean;
            };
            destination_url?: string;
            domain?: string;
            /** Format: uuid */
            domain_id?: string;
            payload?:
              | {
                  /** @constant */
                  type: 'url';
                }
              | {
                  city?: string;
                  country?: string;
                  email?: string;
                  first_name?: string;
                  job_title?: string;
                  last_name?: string;
                  mobile?: string;
                  note?: string;
                  organization?: string;
                  phone?: string;
                  postal_code?: string;
                  region?: string;
                  street?: string;
                  /** @constant */
                  type: 'vcard';
                  website?: string;
                }
              | {
                  description?: string;
                  ends_at: string;
                  location?: string;
                  starts_at: string;
                  time_zone?: string;
                  title: string;
                  /** @constant */
                  type: 'event';
                  website?: string;
                }
              | {
                  hidden?: boolean;
                  password?: string;
                  /** @enum {string} */
                  security: 'WPA' | 'WEP' | 'nopass';
                  ssid: string;
                  /** @constant */
                  type: 'wifi';
                }
              | {
                  message?: string;
                  phone: string;
                  /** @constant */
                  type: 'sms';
                }
              | {
                  body?: string;
                  subject?: string;
                  to: string;
                  /** @constant */
                  type: 'email';
                }
              | {
                  phone: string;
                  /** @constant */
                  type: 'phone';
                }
              | {
                  latitude: number;
                  longitude: number;
                  /** @constant */
                  type: 'geo';
                };
            slug?: string;
            title?: string;
          }[];
          /** Format: uuid */
          workspace_id?: string;
        };
      };
    };
    responses: {
      /** @description Create up to 100 QR codes in one request (each item a createQrCode body; an item that fails — invalid, unscannable design, slug taken, plan limit — fails alone, with its error; results in request order). With a session, workspace_id is required; an API key may omit it. Counts as one request against the rate limit */
      200: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['BulkQrCodeResults'];
            meta: {
              created: number;
              failed: number;
            };
          };
        };
      };
      /** @description Validation failed: one `details` entry per bad field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid API key (`unauthenticated`, `api_key_revoked`) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused by authorize(): `insufficient_scope`, `insufficient_role`, `plan_limit_reached`, … */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Missing, in another workspace, or not granted — all the same answer */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Conflict: `slug_taken`, `qr_slug_reserved`, `handle_taken`, `resource_archived`, `idempotency_key_in_progress`, … */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Body larger than 262144 bytes (`request_too_large`) */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description `destination_unsafe`, `idempotency_key_reused`, `qr_unscannable` */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description `rate_limited`: see Retry-After and RateLimit-* headers */
      429: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  printQrSheet: {
    parameters: {
      query?: never;
      header?: {
        /** @description Replays the first response for 24 h; a different body with the same key is 422 idempotency_key_reused */
        'Idempotency-Key'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "qr_code_ids": [
         *         "0190c6b2-8f3e-7c1a-9d2e-3f4a5b6c7d8e"
         *       ],
         *       "paper": "a4",
         *       "layout": {
         *         "preset": "table_tent"
         *       }
         *     }
         */
        'application/json': {
          /**
           * @default title
           * @enum {string}
           */
          caption?: 'title' | 'none';
          /**
           * @default {
           *       "preset": "sticker_50mm"
           *     }
           */
          layout?:
            | {
                /** @enum {string} */
                preset: 'table_tent' | 'sticker_50mm';
              }
            | {
                columns: number;
                rows: number;
              };
          /**
           * @default a4
           * @enum {string}
           */
          paper?: 'a4' | 'letter';
          qr_code_ids: string[];
          /** Format: uuid */
          workspace_id?: string;
        };
      };
    };
    responses: {
      /** @description The file */
      200: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/pdf': string;
        };
      };
      /** @description Validation failed: one `details` entry per bad field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid API key (`unauthenticated`, `api_key_revoked`) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused by authorize(): `insufficient_scope`, `insufficient_role`, `plan_limit_reached`, … */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Missing, in another workspace, or not granted — all the same answer */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Body larger than 262144 bytes (`request_too_large`) */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description `destination_unsafe`, `idempotency_key_reused`, `qr_unscannable` */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description `rate_limited`: see Retry-After and RateLimit-* headers */
      429: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listUtmPresets: {
    parameters: {
      query?: {
        cursor?: string;
        limit?: number;
        workspace_id?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description List the UTM presets of the workspace (by name) */
      200: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['UtmPreset'][];
            meta: {
              next_cursor: string | null;
            };
          };
        };
      };
      /** @description Validation failed: one `details` entry per bad field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid API key (`unauthenticated`, `api_key_revoked`) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused by authorize(): `insufficient_scope`, `insufficient_role`, `plan_limit_reached`, … */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Missing, in another workspace, or not granted — all the same answer */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Body larger than 262144 bytes (`request_too_large`) */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description `rate_limited`: see Retry-After and RateLimit-* headers */
      429: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  createUtmPreset: {
    parameters: {
      query?: never;
      header?: {
        /** @description Replays the first response for 24 h; a different body with the same key is 422 idempotency_key_reused */
        'Idempotency-Key'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "name": "Spring newsletter",
         *       "utm": {
         *         "source": "newsletter",
         *         "medium": "email",
         *         "campaign": "spring"
         *       }
         *     }
         */
        'application/json': {
          name: string;
          utm: {
            campaign?: string;
            content?: string;
            medium?: string;
            source?: string;
            term?: string;
          };
          /** Format: uuid */
          workspace_id?: string;
        };
      };
    };
    responses: {
      /** @description Save UTM values as a preset; a link create or update names it with utm_preset_id. Not for viewers */
      201: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['UtmPreset'];
            meta: Record<string, never>;
          };
        };
      };
      /** @description Validation failed: one `details` entry per bad field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid API key (`unauthenticated`, `api_key_revoked`) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused by authorize(): `insufficient_scope`, `insufficient_role`, `plan_limit_reached`, … */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Missing, in another workspace, or not granted — all the same answer */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Conflict: `slug_taken`, `qr_slug_reserved`, `handle_taken`, `resource_archived`, `idempotency_key_in_progress`, … */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Body larger than 262144 bytes (`request_too_large`) */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description `rate_limited`: see Retry-After and RateLimit-* headers */
      429: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getUtmPreset: {
    parameters: {
      query?: {
        cursor?: string;
        limit?: number;
        workspace_id?: string;
      };
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Read a UTM preset */
      200: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['UtmPreset'];
            meta: Record<string, never>;
          };
        };
      };
      /** @description Validation failed: one `details` entry per bad field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid API key (`unauthenticated`, `api_key_revoked`) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused by authorize(): `insufficient_scope`, `insufficient_role`, `plan_limit_reached`, … */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Missing, in another workspace, or not granted — all the same answer */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Body larger than 262144 bytes (`request_too_large`) */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description `rate_limited`: see Retry-After and RateLimit-* headers */
      429: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  deleteUtmPreset: {
    parameters: {
      query?: {
        cursor?: string;
        limit?: number;
        workspace_id?: string;
      };
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Delete a UTM preset (links made with it keep their UTM values) */
      200: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['UtmPreset'];
            meta: Record<string, never>;
          };
        };
      };
      /** @description Validation failed: one `details` entry per bad field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid API key (`unauthenticated`, `api_key_revoked`) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused by authorize(): `insufficient_scope`, `insufficient_role`, `plan_limit_reached`, … */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Missing, in another workspace, or not granted — all the same answer */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Body larger than 262144 bytes (`request_too_large`) */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description `rate_limited`: see Retry-After and RateLimit-* headers */
      429: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  updateUtmPreset: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "name": "Spring newsletter (EU)"
         *     }
         */
        'application/json': {
          name?: string;
          utm?: {
            campaign?: string;
            content?: string;
            medium?: string;
            source?: string;
            term?: string;
          };
          /** Format: uuid */
          workspace_id?: string;
        };
      };
    };
    responses: {
      /** @description Rename a UTM preset or change its values (links made with it keep theirs) */
      200: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['UtmPreset'];
            meta: Record<string, never>;
          };
        };
      };
      /** @description Validation failed: one `details` entry per bad field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid API key (`unauthenticated`, `api_key_revoked`) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused by authorize(): `insufficient_scope`, `insufficient_role`, `plan_limit_reached`, … */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Missing, in another workspace, or not granted — all the same answer */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Conflict: `slug_taken`, `qr_slug_reserved`, `handle_taken`, `resource_archived`, `idempotency_key_in_progress`, … */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Body larger than 262144 bytes (`request_too_large`) */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description `rate_limited`: see Retry-After and RateLimit-* headers */
      429: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listWebhookEndpoints: {
    parameters: {
      query?: {
        workspace_id?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description List webhook endpoints and ESP adapters (never their secrets) */
      200: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['WebhookEndpoint'][];
            meta: {
              next_cursor: string | null;
            };
          };
        };
      };
      /** @description Validation failed: one `details` entry per bad field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid API key (`unauthenticated`, `api_key_revoked`) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused by authorize(): `insufficient_scope`, `insufficient_role`, `plan_limit_reached`, … */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Missing, in another workspace, or not granted — all the same answer */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Body larger than 262144 bytes (`request_too_large`) */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description `rate_limited`: see Retry-After and RateLimit-* headers */
      429: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  createWebhookEndpoint: {
    parameters: {
      query?: {
        workspace_id?: string;
      };
      header?: {
        /** @description Replays the first response for 24 h; a different body with the same key is 422 idempotency_key_reused */
        'Idempotency-Key'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "kind": "webhook",
         *       "url": "https://hooks.example.com/linkhub",
         *       "events": [
         *         "link.created",
         *         "qr_code.updated"
         *       ]
         *     }
         */
        'application/json':
          | {
              description?: string;
              events: (
                | 'link.created'
                | 'link.updated'
                | 'link.archived'
                | 'qr_code.created'
                | 'qr_code.updated'
                | 'qr_code.archived'
                | 'bio_page.created'
                | 'bio_page.updated'
                | 'bio_page.published'
                | 'bio_page.archived'
                | 'lead.created'
                | 'lead.confirmed'
                | 'domain.verified'
                | 'export.finished'
                | 'link.clicked'
                | 'qr.scanned'
                | 'page.viewed'
                | 'conversion.recorded'
              )[];
              /** @constant */
              kind: 'webhook';
              resource_ids?: string[] | null;
              url: string;
            }
          | {
              api_key: string;
              description?: string;
              /** @constant */
              kind: 'mailchimp';
              list_id: string;
              /** Format: uuid */
              page_id: string;
            }
          | {
              api_key: string;
              description?: string;
              form_id: string;
              /** @constant */
              kind: 'convertkit';
              /** Format: uuid */
              page_id: string;
            };
      };
    };
    responses: {
      /** @description Add a webhook endpoint (HTTPS; its signing secret is in this answer only) or, from the dashboard, a Mailchimp/ConvertKit adapter for one page. Lead events need the dashboard. */
      201: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['WebhookEndpointCreated'];
            meta: Record<string, never>;
          };
        };
      };
      /** @description Validation failed: one `details` entry per bad field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid API key (`unauthenticated`, `api_key_revoked`) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused by authorize(): `insufficient_scope`, `insufficient_role`, `plan_limit_reached`, … */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Missing, in another workspace, or not granted — all the same answer */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Body larger than 262144 bytes (`request_too_large`) */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description `destination_unsafe`, `idempotency_key_reused`, `qr_unscannable` */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description `rate_limited`: see Retry-After and RateLimit-* headers */
      429: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getWebhookEndpoint: {
    parameters: {
      query?: {
        workspace_id?: string;
      };
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description One endpoint */
      200: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['WebhookEndpoint'];
            meta: Record<string, never>;
          };
        };
      };
      /** @description Validation failed: one `details` entry per bad field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid API key (`unauthenticated`, `api_key_revoked`) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused by authorize(): `insufficient_scope`, `insufficient_role`, `plan_limit_reached`, … */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Missing, in another workspace, or not granted — all the same answer */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Body larger than 262144 bytes (`request_too_large`) */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description `rate_limited`: see Retry-After and RateLimit-* headers */
      429: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  deleteWebhookEndpoint: {
    parameters: {
      query?: {
        workspace_id?: string;
      };
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Remove an endpoint; nothing more is sent to it */
      200: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['WebhookEndpoint'];
            meta: Record<string, never>;
          };
        };
      };
      /** @description Validation failed: one `details` entry per bad field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid API key (`unauthenticated`, `api_key_revoked`) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused by authorize(): `insufficient_scope`, `insufficient_role`, `plan_limit_reached`, … */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Missing, in another workspace, or not granted — all the same answer */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Body larger than 262144 bytes (`request_too_large`) */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description `rate_limited`: see Retry-After and RateLimit-* headers */
      429: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  updateWebhookEndpoint: {
    parameters: {
      query?: {
        workspace_id?: string;
      };
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "description": "Zapier",
         *       "events": [
         *         "link.created",
         *         "link.updated"
         *       ]
         *     }
         */
        'application/json': {
          description?: string | null;
          enabled?: boolean;
          events?: (
            | 'link.created'
            | 'link.updated'
            | 'link.archived'
            | 'qr_code.created'
            | 'qr_code.updated'
            | 'qr_code.archived'
            | 'bio_page.created'
            | 'bio_page.updated'
            | 'bio_page.published'
            | 'bio_page.archived'
            | 'lead.created'
            | 'lead.confirmed'
            | 'domain.verified'
            | 'export.finished'
            | 'link.clicked'
            | 'qr.scanned'
            | 'page.viewed'
            | 'conversion.recorded'
          )[];
          resource_ids?: string[] | null;
          url?: string;
        };
      };
    };
    responses: {
      /** @description Change address, events or description; `enabled: true` turns a disabled endpoint on again */
      200: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['WebhookEndpoint'];
            meta: Record<string, never>;
          };
        };
      };
      /** @description Validation failed: one `details` entry per bad field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid API key (`unauthenticated`, `api_key_revoked`) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused by authorize(): `insufficient_scope`, `insufficient_role`, `plan_limit_reached`, … */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Missing, in another workspace, or not granted — all the same answer */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Body larger than 262144 bytes (`request_too_large`) */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description `destination_unsafe`, `idempotency_key_reused`, `qr_unscannable` */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description `rate_limited`: see Retry-After and RateLimit-* headers */
      429: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listWebhookDeliveries: {
    parameters: {
      query?: {
        cursor?: string;
        limit?: number;
        status?: 'pending' | 'succeeded' | 'failed' | 'dead';
        workspace_id?: string;
      };
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The delivery log: status, attempts, last response code, latency (newest first) */
      200: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['WebhookDelivery'][];
            meta: {
              next_cursor: string | null;
            };
          };
        };
      };
      /** @description Validation failed: one `details` entry per bad field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid API key (`unauthenticated`, `api_key_revoked`) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused by authorize(): `insufficient_scope`, `insufficient_role`, `plan_limit_reached`, … */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Missing, in another workspace, or not granted — all the same answer */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Body larger than 262144 bytes (`request_too_large`) */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description `rate_limited`: see Retry-After and RateLimit-* headers */
      429: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  replayWebhookDelivery: {
    parameters: {
      query?: {
        workspace_id?: string;
      };
      header?: {
        /** @description Replays the first response for 24 h; a different body with the same key is 422 idempotency_key_reused */
        'Idempotency-Key'?: string;
      };
      path: {
        delivery_id: string;
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Send one delivery again (same event id), with a fresh run of retries */
      200: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['WebhookDeliveryQueued'];
            meta: Record<string, never>;
          };
        };
      };
      /** @description Validation failed: one `details` entry per bad field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid API key (`unauthenticated`, `api_key_revoked`) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused by authorize(): `insufficient_scope`, `insufficient_role`, `plan_limit_reached`, … */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Missing, in another workspace, or not granted — all the same answer */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Conflict: `slug_taken`, `qr_slug_reserved`, `handle_taken`, `resource_archived`, `idempotency_key_in_progress`, … */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Body larger than 262144 bytes (`request_too_large`) */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description `rate_limited`: see Retry-After and RateLimit-* headers */
      429: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  rotateWebhookSecret: {
    parameters: {
      query?: {
        workspace_id?: string;
      };
      header?: {
        /** @description Replays the first response for 24 h; a different body with the same key is 422 idempotency_key_reused */
        'Idempotency-Key'?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "overlap_hours": 24
         *     }
         */
        'application/json': {
          /** @default 24 */
          overlap_hours?: number;
        };
      };
    };
    responses: {
      /** @description A new signing secret (in this answer only); the old one keeps signing for `overlap_hours` */
      200: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['WebhookSecretRotated'];
            meta: Record<string, never>;
          };
        };
      };
      /** @description Validation failed: one `details` entry per bad field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid API key (`unauthenticated`, `api_key_revoked`) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused by authorize(): `insufficient_scope`, `insufficient_role`, `plan_limit_reached`, … */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Missing, in another workspace, or not granted — all the same answer */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Body larger than 262144 bytes (`request_too_large`) */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description `rate_limited`: see Retry-After and RateLimit-* headers */
      429: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  sendTestWebhook: {
    parameters: {
      query?: {
        workspace_id?: string;
      };
      header?: {
        /** @description Replays the first response for 24 h; a different body with the same key is 422 idempotency_key_reused */
        'Idempotency-Key'?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Queue a `webhook.test` event to this endpoint */
      201: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['WebhookDeliveryQueued'];
            meta: Record<string, never>;
          };
        };
      };
      /** @description Validation failed: one `details` entry per bad field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid API key (`unauthenticated`, `api_key_revoked`) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused by authorize(): `insufficient_scope`, `insufficient_role`, `plan_limit_reached`, … */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Missing, in another workspace, or not granted — all the same answer */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Conflict: `slug_taken`, `qr_slug_reserved`, `handle_taken`, `resource_archived`, `idempotency_key_in_progress`, … */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Body larger than 262144 bytes (`request_too_large`) */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description `rate_limited`: see Retry-After and RateLimit-* headers */
      429: {
        headers: {
          /** @description Requests allowed per minute for this key (its plan) */
          'RateLimit-Limit'?: number;
          'RateLimit-Remaining'?: number;
          /** @description Seconds until a slot frees */
          'RateLimit-Reset'?: number;
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  webhook_bio_page_archived: {
    parameters: {
      query?: never;
      header: {
        /** @description The event id (same as `id` in the body): your idempotency key */
        'LinkHub-Event-Id': string;
        /** @description HMAC-SHA256 over `<t>.<raw body>`, one `v1` per live secret */
        'LinkHub-Signature': string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['WebhookEventBioPageArchived'];
      };
    };
    responses: {
      /** @description Received; any other answer is retried */
      '2XX': {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  webhook_bio_page_created: {
    parameters: {
      query?: never;
      header: {
        /** @description The event id (same as `id` in the body): your idempotency key */
        'LinkHub-Event-Id': string;
        /** @description HMAC-SHA256 over `<t>.<raw body>`, one `v1` per live secret */
        'LinkHub-Signature': string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['WebhookEventBioPageCreated'];
      };
    };
    responses: {
      /** @description Received; any other answer is retried */
      '2XX': {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  webhook_bio_page_published: {
    parameters: {
      query?: never;
      header: {
        /** @description The event id (same as `id` in the body): your idempotency key */
        'LinkHub-Event-Id': string;
        /** @description HMAC-SHA256 over `<t>.<raw body>`, one `v1` per live secret */
        'LinkHub-Signature': string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['WebhookEventBioPagePublished'];
      };
    };
    responses: {
      /** @description Received; any other answer is retried */
      '2XX': {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  webhook_bio_page_updated: {
    parameters: {
      query?: never;
      header: {
        /** @description The event id (same as `id` in the body): your idempotency key */
        'LinkHub-Event-Id': string;
        /** @description HMAC-SHA256 over `<t>.<raw body>`, one `v1` per live secret */
        'LinkHub-Signature': string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['WebhookEventBioPageUpdated'];
      };
    };
    responses: {
      /** @description Received; any other answer is retried */
      '2XX': {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  webhook_conversion_recorded: {
    parameters: {
      query?: never;
      header: {
        /** @description The event id (same as `id` in the body): your idempotency key */
        'LinkHub-Event-Id': string;
        /** @description HMAC-SHA256 over `<t>.<raw body>`, one `v1` per live secret */
        'LinkHub-Signature': string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['WebhookEventConversionRecorded'];
      };
    };
    responses: {
      /** @description Received; any other answer is retried */
      '2XX': {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  webhook_domain_verified: {
    parameters: {
      query?: never;
      header: {
        /** @description The event id (same as `id` in the body): your idempotency key */
        'LinkHub-Event-Id': string;
        /** @description HMAC-SHA256 over `<t>.<raw body>`, one `v1` per live secret */
        'LinkHub-Signature': string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['WebhookEventDomainVerified'];
      };
    };
    responses: {
      /** @description Received; any other answer is retried */
      '2XX': {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  webhook_export_finished: {
    parameters: {
      query?: never;
      header: {
        /** @description The event id (same as `id` in the body): your idempotency key */
        'LinkHub-Event-Id': string;
        /** @description HMAC-SHA256 over `<t>.<raw body>`, one `v1` per live secret */
        'LinkHub-Signature': string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['WebhookEventExportFinished'];
      };
    };
    responses: {
      /** @description Received; any other answer is retried */
      '2XX': {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  webhook_lead_confirmed: {
    parameters: {
      query?: never;
      header: {
        /** @description The event id (same as `id` in the body): your idempotency key */
        'LinkHub-Event-Id': string;
        /** @description HMAC-SHA256 over `<t>.<raw body>`, one `v1` per live secret */
        'LinkHub-Signature': string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['WebhookEventLeadConfirmed'];
      };
    };
    responses: {
      /** @description Received; any other answer is retried */
      '2XX': {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  webhook_lead_created: {
    parameters: {
      query?: never;
      header: {
        /** @description The event id (same as `id` in the body): your idempotency key */
        'LinkHub-Event-Id': string;
        /** @description HMAC-SHA256 over `<t>.<raw body>`, one `v1` per live secret */
        'LinkHub-Signature': string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['WebhookEventLeadCreated'];
      };
    };
    responses: {
      /** @description Received; any other answer is retried */
      '2XX': {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  webhook_link_archived: {
    parameters: {
      query?: never;
      header: {
        /** @description The event id (same as `id` in the body): your idempotency key */
        'LinkHub-Event-Id': string;
        /** @description HMAC-SHA256 over `<t>.<raw body>`, one `v1` per live secret */
        'LinkHub-Signature': string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['WebhookEventLinkArchived'];
      };
    };
    responses: {
      /** @description Received; any other answer is retried */
      '2XX': {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  webhook_link_clicked: {
    parameters: {
      query?: never;
      header: {
        /** @description The event id (same as `id` in the body): your idempotency key */
        'LinkHub-Event-Id': string;
        /** @description HMAC-SHA256 over `<t>.<raw body>`, one `v1` per live secret */
        'LinkHub-Signature': string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['WebhookEventLinkClicked'];
      };
    };
    responses: {
      /** @description Received; any other answer is retried */
      '2XX': {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  webhook_link_created: {
    parameters: {
      query?: never;
      header: {
        /** @description The event id (same as `id` in the body): your idempotency key */
        'LinkHub-Event-Id': string;
        /** @description HMAC-SHA256 over `<t>.<raw body>`, one `v1` per live secret */
        'LinkHub-Signature': string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['WebhookEventLinkCreated'];
      };
    };
    responses: {
      /** @description Received; any other answer is retried */
      '2XX': {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  webhook_link_updated: {
    parameters: {
      query?: never;
      header: {
        /** @description The event id (same as `id` in the body): your idempotency key */
        'LinkHub-Event-Id': string;
        /** @description HMAC-SHA256 over `<t>.<raw body>`, one `v1` per live secret */
        'LinkHub-Signature': string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['WebhookEventLinkUpdated'];
      };
    };
    responses: {
      /** @description Received; any other answer is retried */
      '2XX': {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  webhook_page_viewed: {
    parameters: {
      query?: never;
      header: {
        /** @description The event id (same as `id` in the body): your idempotency key */
        'LinkHub-Event-Id': string;
        /** @description HMAC-SHA256 over `<t>.<raw body>`, one `v1` per live secret */
        'LinkHub-Signature': string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['WebhookEventPageViewed'];
      };
    };
    responses: {
      /** @description Received; any other answer is retried */
      '2XX': {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  webhook_qr_code_archived: {
    parameters: {
      query?: never;
      header: {
        /** @description The event id (same as `id` in the body): your idempotency key */
        'LinkHub-Event-Id': string;
        /** @description HMAC-SHA256 over `<t>.<raw body>`, one `v1` per live secret */
        'LinkHub-Signature': string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['WebhookEventQrCodeArchived'];
      };
    };
    responses: {
      /** @description Received; any other answer is retried */
      '2XX': {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  webhook_qr_code_created: {
    parameters: {
      query?: never;
      header: {
        /** @description The event id (same as `id` in the body): your idempotency key */
        'LinkHub-Event-Id': string;
        /** @description HMAC-SHA256 over `<t>.<raw body>`, one `v1` per live secret */
        'LinkHub-Signature': string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['WebhookEventQrCodeCreated'];
      };
    };
    responses: {
      /** @description Received; any other answer is retried */
      '2XX': {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  webhook_qr_code_updated: {
    parameters: {
      query?: never;
      header: {
        /** @description The event id (same as `id` in the body): your idempotency key */
        'LinkHub-Event-Id': string;
        /** @description HMAC-SHA256 over `<t>.<raw body>`, one `v1` per live secret */
        'LinkHub-Signature': string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['WebhookEventQrCodeUpdated'];
      };
    };
    responses: {
      /** @description Received; any other answer is retried */
      '2XX': {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  webhook_qr_scanned: {
    parameters: {
      query?: never;
      header: {
        /** @description The event id (same as `id` in the body): your idempotency key */
        'LinkHub-Event-Id': string;
        /** @description HMAC-SHA256 over `<t>.<raw body>`, one `v1` per live secret */
        'LinkHub-Signature': string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['WebhookEventQrScanned'];
      };
    };
    responses: {
      /** @description Received; any other answer is retried */
      '2XX': {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  webhook_webhook_test: {
    parameters: {
      query?: never;
      header: {
        /** @description The event id (same as `id` in the body): your idempotency key */
        'LinkHub-Event-Id': string;
        /** @description HMAC-SHA256 over `<t>.<raw body>`, one `v1` per live secret */
        'LinkHub-Signature': string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['WebhookEventWebhookTest'];
      };
    };
    responses: {
      /** @description Received; any other answer is retried */
      '2XX': {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
}
