import { useState, type FormEvent } from 'react';
import { v7 as uuidv7 } from 'uuid';
import { createQrCode, createQrCodeArgs, updateQrCodeArgs } from '@linkhub/shared/mutators/qr-codes';
import type { QrDesign } from '@linkhub/shared/qr/design';
import type { QrView } from '@linkhub/shared/sync/views';
import { Field } from '../../ui/field';
import { navigate } from '../../router/router';
import { useWorkspace } from '../../workspace/workspace-context';
import { useRep } from '../../replicache/rep-context';
import { fieldErrors } from '../../ui/error-messages';
import { displayUrl, lookalikeHostOf } from '../links/destination-display';
import { createKeptDrafts } from '../../drafts/kept-drafts';
import { shortUrl } from '../links/link-filter';
import { defaultLinkDomain } from '../domains/new-link-domain';
import { listDomains } from '../../replicache/queries';
import { randomSlug } from '@linkhub/shared/mutators/args';
import { qrCodeText } from '@linkhub/shared/qr/payload/encoded-text';
import { staticPayloadText } from '@linkhub/shared/qr/payload/static-text';
import {
  DYNAMIC_PAYLOAD_TYPES,
  isStaticPayload,
  qrPayloadSchema,
  STATIC_PAYLOAD_TYPES,
  storedPayload,
  type QrPayloadType,
} from '@linkhub/shared/qr/payload/schema';
import {
  isStaticType,
  payloadDraftOf,
  payloadFromDraft,
  QrPayloadFields,
  type PayloadDraft,
} from './qr-payload-fields';
import { addressesVia } from '@linkhub/shared/url/public-address';
import { edgeUrlFromPage } from '../../config/edge-url';
import { LookalikeConfirm } from '../links/lookalike-confirm';
import { DraftNotice } from '../links/stale-notice';
import { useSyncedDraft } from '../../drafts/use-synced-draft';
import { ConflictsOf } from '../conflicts/conflict-card';
import { listNotices } from '../../replicache/queries';
import { useSubscribe } from '../../replicache/use-subscribe';
import { QrExportPanel } from './qr-export-panel';
import { QrDesigner } from './qr-designer';
import { BrandKitPick } from './brand-kits/brand-kit-pick';
import { designOf } from './qr-svg';
import { qrSaveBlocker } from './save-blocker';
import { carriesCredentials, CREDENTIALS_SENTENCE } from '@linkhub/shared/url/credentials';
import { OpeningHeading } from '../../ui/opening-heading';
import { HistoryPanel } from '../history/history-panel';

type QrDraft = { destination: string; title: string; design: QrDesign; payload: PayloadDraft };

const ALL_TYPES: readonly QrPayloadType[] = [...DYNAMIC_PAYLOAD_TYPES, ...STATIC_PAYLOAD_TYPES];

/** Typed values of creates not yet confirmed by the server (a refused create reopens with them). */
export const keptQrDrafts = createKeptDrafts<QrDraft>(createQrCode.name);

type Props = {
  qr: QrView | null;
  onDone: (id: string | null) => void;
  /** A create the server refused: its typed values and the server's sentence. */
  refused?: { draft: QrDraft; message: string } | undefined;
};

/** Create a QR code, or re-point / restyle / export one (its short URL never changes). */
export function QrEditor({ qr, onDone, refused }: Props) {
  const rep = useRep();
  const { workspace, can } = useWorkspace();
  const notices = useSubscribe((tx) => listNotices(tx), [], []);
  const synced = useSyncedDraft<QrDraft>(
    refused?.draft ?? {
      destination: qr?.destination_url ? displayUrl(qr.destination_url) : '',
      title: qr?.title ?? '',
      design: designOf(qr?.design ?? {}),
      payload: payloadDraftOf(qr?.payload),
    },
  );
  const { destination, title, design } = synced.draft;
  // Kept drafts of creates typed before payload types have none: a URL code.
  const payloadDraft = synced.draft.payload ?? { type: 'url', values: {} };
  const isUrlCode = payloadDraft.type === 'url';
  const parsedPayload = qrPayloadSchema.safeParse(payloadFromDraft(payloadDraft));
  // What a static code's symbol holds, once its form is valid (D-570): the preview and the checks encode it.
  const staticText =
    parsedPayload.success && isStaticPayload(parsedPayload.data)
      ? staticPayloadText(parsedPayload.data)
      : null;
  // A printed code keeps its kind (D-572): a static one offers the static types, a dynamic one the dynamic.
  const types = qr
    ? isStaticType(storedPayload(qr.payload).type)
      ? STATIC_PAYLOAD_TYPES
      : DYNAMIC_PAYLOAD_TYPES
    : ALL_TYPES;
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState('');
  const [confirmedHost, setConfirmedHost] = useState<string | null>(null);
  const editable = qr ? can('qr_code.update') && !qr.locked : can('qr_code.create');
  const lookalike = lookalikeHostOf(destination);
  const needsConfirm =
    lookalike !== null && lookalike !== confirmedHost && (!qr || synced.edited('destination'));
  const domains = useSubscribe((tx) => listDomains(tx, workspace.id), [], [workspace.id]);
  // A new code's 7-character slug is made by the server on its default link domain: the design is
  // checked against a text of that shape by the same address rule (D-477), so the symbol's version,
  // and with it the logo's share, is the one the server checks.
  const newHost = defaultLinkDomain(domains)?.hostname ?? '';
  const checkedUrl = staticText
    ? staticText
    : qr
      ? shortUrl(qr)
      : newHost
        ? shortUrl({ host: newHost, slug: randomSlug(() => new Uint8Array(7)) })
        : '';
  const blocked =
    qrSaveBlocker(checkedUrl, design) ??
    (synced.conflicts.length > 0
      ? 'Settle the change from another device first.'
      : needsConfirm
        ? 'Confirm the look-alike address first.'
        : null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (blocked) return setErrors({ form: blocked });
    const target = destination.trim();
    const payload = isUrlCode ? undefined : payloadFromDraft(payloadDraft);
    if (isUrlCode && (!qr || synced.edited('destination')) && carriesCredentials(target))
      return setErrors({ destination_url: CREDENTIALS_SENTENCE });
    if (qr) {
      // Each changed field with the value it started from (D-500).
      const from = synced.state.base;
      const parsed = updateQrCodeArgs.safeParse({
        id: qr.id,
        workspace_id: workspace.id,
        ...(synced.edited('payload') ? { payload: payload ?? { type: 'url' } } : {}),
        ...(isUrlCode && synced.edited('destination') ? { destination_url: target } : {}),
        ...(synced.edited('title') ? { title: title || null } : {}),
        ...(synced.edited('design') ? { design } : {}),
        // The stored spelling while the form's start still reads as the synced code (the form shows a
        // Unicode host and a filled-in design); otherwise the form's start, which the server sees as changed.
        base: {
          ...(synced.edited('destination')
            ? {
                destination_url:
                  from.destination === (qr.destination_url ? displayUrl(qr.destination_url) : '')
                    ? qr.destination_url
                    : from.destination.trim(),
              }
            : {}),
          ...(synced.edited('title') ? { title: from.title || null } : {}),
          ...(synced.edited('payload') ? { payload: qr.payload } : {}),
          ...(synced.edited('design')
            ? {
                design:
                  JSON.stringify(from.design) === JSON.stringify(designOf(qr.design))
                    ? qr.design
                    : from.design,
              }
            : {}),
        },
      });
      if (!parsed.success) return setErrors(fieldErrors(parsed.error));
      setErrors({});
      synced.saved();
      await rep.mutate.updateQrCode(parsed.data);
      setStatus('Saved on this device; it syncs when online.');
    } else {
      const parsed = createQrCodeArgs.safeParse({
        workspace_id: workspace.id,
        ...(payload === undefined ? { destination_url: target } : { payload }),
        design,
        ...(title ? { title } : {}),
        id: uuidv7(),
      });
      if (!parsed.success) return setErrors(fieldErrors(parsed.error));
      setErrors({});
      keptQrDrafts.keep(parsed.data.id, synced.draft);
      await rep.mutate.createQrCode(parsed.data);
      onDone(parsed.data.id);
    }
  };

  const url = qr ? shortUrl(qr) : '';
  const stored = qr ? storedPayload(qr.payload) : null;
  const encoded = qr && stored ? qrCodeText(stored, addressesVia(edgeUrlFromPage()), qr.host, qr.slug) : '';
  const storedIsStatic = stored !== null && stored.type !== 'url' && isStaticType(stored.type);
  return (
    <section className="panel" aria-labelledby="qr-editor-title">
      <OpeningHeading id="qr-editor-title">
        {qr ? `QR code ${qr.title ?? qr.slug}` : 'New QR code'}
      </OpeningHeading>
      {qr && <ConflictsOf notices={notices} resourceId={qr.id} />}
      {qr && storedIsStatic && (
        <p>
          Encodes <code data-testid="qr-encoded-text">{encoded}</code>. A static code: what is printed cannot
          be re-pointed, and its scans are not counted.
        </p>
      )}
      {url && !storedIsStatic && (
        <p>
          Encodes <code data-testid="qr-encoded-text">{encoded}</code>, the address <a href={url}>{url}</a>{' '}
          (fixed forever; change where it goes below).
        </p>
      )}
      {qr && qr.archived_at === null && can('experiment.list') && (
        <a
          className="link"
          href={`/links/experiments/new/${qr.id}`}
          onClick={(e) => {
            e.preventDefault();
            navigate(`/links/experiments/new/${qr.id}`);
          }}
        >
          A/B test this QR code’s destination
        </a>
      )}
      {refused && (
        <p className="error" role="alert">
          {refused.message} What you typed is kept below.
        </p>
      )}
      <form onSubmit={(e) => void submit(e)}>
        <QrPayloadFields
          draft={payloadDraft}
          onChange={(next) => synced.set('payload', next)}
          types={types}
          errors={errors}
          readOnly={!editable}
        />
        {isUrlCode && (
          <Field
            label="Destination URL"
            type="url"
            value={destination}
            onChange={(v) => synced.set('destination', v)}
            error={errors.destination_url}
            required
            readOnly={!editable}
          />
        )}
        {needsConfirm && lookalike && (
          <LookalikeConfirm host={lookalike} onConfirm={() => setConfirmedHost(lookalike)} />
        )}
        <Field
          label="Title"
          value={title}
          onChange={(v) => synced.set('title', v)}
          error={errors.title}
          readOnly={!editable}
        />
        {!qr && editable && (
          <BrandKitPick workspaceId={workspace.id} onDesign={(d) => synced.set('design', d)} />
        )}
        <QrDesigner
          url={staticText ?? url}
          checkUrl={checkedUrl}
          design={design}
          onChange={(d) => synced.set('design', d)}
          readOnly={!editable}
        />
        <DraftNotice synced={synced} canSave={editable} />
        {editable && blocked && (
          <p id="qr-save-blocked" className="muted">
            {blocked}
          </p>
        )}
        {errors.design && <p className="error">{errors.design}</p>}
        {errors.form && errors.form !== blocked && <p className="error">{errors.form}</p>}
        <div className="row">
          {editable && (
            <button
              type="submit"
              className="primary"
              disabled={blocked !== null}
              aria-describedby={blocked ? 'qr-save-blocked' : undefined}
            >
              {qr ? 'Save QR code' : 'Create QR code'}
            </button>
          )}
          {qr && can('qr_code.archive') && !qr.archived_at && (
            <button
              type="button"
              className="danger"
              onClick={() => void rep.mutate.archiveQrCode({ id: qr.id, workspace_id: workspace.id })}
            >
              Archive (keeps resolving)
            </button>
          )}
          {qr && can('qr_code.unarchive') && qr.archived_at && (
            <button
              type="button"
              onClick={() => void rep.mutate.restoreQrCode({ id: qr.id, workspace_id: workspace.id })}
            >
              Restore
            </button>
          )}
          <button type="button" onClick={() => onDone(null)}>
            Close
          </button>
        </div>
      </form>
      {qr && can('qr_code.render') && <QrExportPanel qr={qr} />}
      {status && <p aria-live="polite">{status}</p>}
      {qr && can('qr_code.view_versions') && (
        <HistoryPanel type="qr_code" id={qr.id} refreshKey={qr.updated_at} canRestore={editable} />
      )}
    </section>
  );
}
