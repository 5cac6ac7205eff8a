import { useState, type FormEvent } from 'react';
import { v7 as uuidv7 } from 'uuid';
import { createPageArgs } from '@linkhub/shared/mutators/pages';
import { Field } from '../../app/field';
import { navigate } from '../../app/router';
import { useWorkspace } from '../../app/workspace-context';
import { useRep } from '../../replicache/rep-context';
import { getPage, listBlocks, listPages } from '../../replicache/queries';
import { useSubscribe } from '../../replicache/use-subscribe';
import { fieldErrors } from '../../ui/zod-errors';
import { PageEditor } from './page-editor';

/** `/pages` lists the workspace's bio pages; `/pages/{id}` opens the builder. */
export default function PagesScreen({ rest }: { rest: string[] }) {
  const rep = useRep();
  const { workspace, can } = useWorkspace();
  const ws = workspace.id;
  const open = rest[0] ?? '';
  const pages = useSubscribe((tx) => listPages(tx, ws), [], [ws]);
  const page = useSubscribe((tx) => (open ? getPage(tx, open) : Promise.resolve(null)), null, [open]);
  const blocks = useSubscribe((tx) => (open ? listBlocks(tx, open) : Promise.resolve([])), [], [open]);
  const [handle, setHandle] = useState('');
  const [title, setTitle] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const create = (e: FormEvent) => {
    e.preventDefault();
    const parsed = createPageArgs.safeParse({ id: uuidv7(), workspace_id: ws, handle, title });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    void rep.mutate.createPage(parsed.data);
    navigate(`/pages/${parsed.data.id}`);
  };

  if (page) {
    return (
      <>
        <button type="button" className="link" onClick={() => navigate('/pages')}>
          ← All pages
        </button>
        <h2>@{page.handle}</h2>
        <PageEditor key={page.id} page={page} blocks={blocks} />
      </>
    );
  }
  return (
    <>
      {can('bio_page.create') && (
        <form className="panel toolbar" onSubmit={create} aria-label="New bio page">
          <Field label="Handle" value={handle} onChange={setHandle} error={errors.handle} hint="Lower-case letters, digits, dots, dashes." required />
          <Field label="Title" value={title} onChange={setTitle} error={errors.title} />
          <button type="submit" className="primary">
            Create page
          </button>
        </form>
      )}
      {pages.length === 0 ? (
        <p className="muted">No bio pages yet.</p>
      ) : (
        <ul className="list">
          {pages.map((p) => (
            <li key={p.id}>
              <a
                href={`/pages/${p.id}`}
                onClick={(e) => {
                  e.preventDefault();
                  navigate(`/pages/${p.id}`);
                }}
              >
                @{p.handle} {p.title && `· ${p.title}`}
              </a>
              <span className={`badge ${p.published_revision === null ? 'paused' : ''}`}>{p.published_revision === null ? 'Draft' : 'Published'}</span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
