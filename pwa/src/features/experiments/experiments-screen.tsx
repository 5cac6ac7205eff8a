import { useEffect, useState, type ReactNode } from 'react';
import type { ExperimentView } from '@linkhub/shared/experiments/schemas';
import type { BlockView, LinkView, PageView, QrView } from '@linkhub/shared/sync/views';
import { listBlocks, listPages, listQrCodes } from '../../replicache/queries';
import { useSubscribe } from '../../replicache/use-subscribe';
import { navigate } from '../../router/router';
import { errorText } from '../../ui/error-messages';
import { useWorkspace } from '../../workspace/workspace-context';
import { ExperimentCreate, type TestedResource } from './experiment-create';
import { ExperimentDetail } from './experiment-detail';
import { fetchExperiments } from './experiments-api';
import './experiments.css';

/**
 * `/links/experiments` (list), `/links/experiments/new/{linkId or qrId}` (create from a link or a QR code),
 * `/links/experiments/{id}` (results, verdict, steps). Read over REST with the session (D-274).
 */
export function ExperimentsScreen({ rest, links }: { rest: string[]; links: readonly LinkView[] }) {
  const [first, second] = rest;
  const back = (
    <a
      className="link"
      href="/links/experiments"
      onClick={(e) => {
        e.preventDefault();
        navigate('/links/experiments');
      }}
    >
      ← All A/B tests
    </a>
  );
  if (first === 'new') return <NewExperiment back={back} id={second ?? ''} links={links} />;
  if (first !== undefined)
    return (
      <>
        {back}
        <ExperimentDetail id={first} />
      </>
    );
  return <ExperimentList links={links} />;
}

/** A bio page's link blocks, by the title they show (the server checks them against the published page). */
function linkBlocksOf(blocks: readonly BlockView[]): Array<{ id: string; title: string }> {
  return blocks.flatMap((b) =>
    b.type === 'link' && b.is_visible && typeof b.data.title === 'string'
      ? [{ id: b.id, title: b.data.title }]
      : [],
  );
}

function testedResource(
  id: string,
  links: readonly LinkView[],
  qrs: readonly QrView[],
  pages: readonly PageView[],
  blocks: readonly BlockView[],
): TestedResource | null {
  const page = pages.find((p) => p.id === id);
  if (page)
    return {
      type: 'bio_page',
      id,
      name: page.title === '' ? `@${page.handle}` : page.title,
      destinationUrl: null,
      linkBlocks: linkBlocksOf(blocks),
      backPath: `/pages/${id}`,
    };
  const link = links.find((l) => l.id === id);
  if (link)
    return {
      type: 'link',
      id,
      name: link.title ?? link.slug,
      destinationUrl: link.destination_url,
      split: splitOf(link.destinations),
      backPath: `/links/${id}`,
    };
  const qr = qrs.find((q) => q.id === id);
  return qr
    ? {
        type: 'qr_code',
        id,
        name: qr.title ?? qr.slug,
        destinationUrl: qr.destination_url,
        backPath: `/qr/${id}`,
      }
    : null;
}

/** A link's stored split, as the create form names it (entries that are not `{url, weight}` are left out). */
function splitOf(destinations: readonly unknown[]): Array<{ url: string; weight: number }> {
  return destinations.flatMap((d) => {
    if (typeof d !== 'object' || d === null || !('url' in d) || !('weight' in d)) return [];
    return typeof d.url === 'string' && typeof d.weight === 'number'
      ? [{ url: d.url, weight: d.weight }]
      : [];
  });
}

function NewExperiment({ back, id, links }: { back: ReactNode; id: string; links: readonly LinkView[] }) {
  const { workspace } = useWorkspace();
  const qrs = useSubscribe((tx) => listQrCodes(tx, workspace.id), [], [workspace.id]);
  const pages = useSubscribe((tx) => listPages(tx, workspace.id), [], [workspace.id]);
  const blocks = useSubscribe((tx) => listBlocks(tx, id), [], [id]);
  const resource = testedResource(id, links, qrs, pages, blocks);
  return (
    <>
      {back}
      {resource ? (
        <ExperimentCreate resource={resource} />
      ) : (
        <p className="muted">Open a link, a QR code or a bio page to test it.</p>
      )}
    </>
  );
}

function ExperimentList({ links }: { links: readonly LinkView[] }) {
  const { workspace } = useWorkspace();
  const [items, setItems] = useState<ExperimentView[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    fetchExperiments(workspace.id)
      .then(setItems)
      .catch((err: unknown) => setProblem(errorText(err)));
  }, [workspace.id]);
  const linkName = (id: string) => {
    const l = links.find((x) => x.id === id);
    return l ? (l.title ?? `/${l.slug}`) : 'a link';
  };
  return (
    <>
      <a
        className="link"
        href="/links"
        onClick={(e) => {
          e.preventDefault();
          navigate('/links');
        }}
      >
        ← All links
      </a>
      <h2>A/B tests</h2>
      {problem && <p className="error">{problem}</p>}
      {items !== null && items.length === 0 && (
        <p className="muted">No tests yet. Open a link and choose “A/B test this link”.</p>
      )}
      <ul className="list" aria-label="A/B tests">
        {(items ?? []).map((e) => (
          <li key={e.id}>
            <a
              href={`/links/experiments/${e.id}`}
              onClick={(ev) => {
                ev.preventDefault();
                navigate(`/links/experiments/${e.id}`);
              }}
            >
              {e.name}
            </a>
            <span className="muted">
              on {e.resource_type === 'bio_page' ? 'a bio page' : linkName(e.resource_id)}
            </span>
            <span className="badge">{e.status}</span>
          </li>
        ))}
      </ul>
    </>
  );
}
