import type { PageView } from '@linkhub/shared/sync/views';
import { useRef, useState, type FormEvent } from 'react';
import { MissingItem } from '../../ui/missing-item';
import { FirstStep } from '../../ui/first-step';
import { v7 as uuidv7 } from 'uuid';
import { createPage, createPageArgs } from '@linkhub/shared/mutators/pages';
import { Field } from '../../ui/field';
import { navigate } from '../../router/router';
import { useWorkspace } from '../../workspace/workspace-context';
import { useRep } from '../../replicache/rep-context';
import { getPage, listBlocks, listNotices, listPages } from '../../replicache/queries';
import { useSubscribe } from '../../replicache/use-subscribe';
import { fieldErrors } from '../../ui/error-messages';
import { createKeptDrafts } from '../../drafts/kept-drafts';
import { handleTaken } from './handle-taken';
import { PageEditor } from './page-editor';
import { LeadsScreen } from '../leads/leads-screen';
import { OpeningHeading } from '../../ui/opening-heading';
import { TemplateChoice } from './templates/template-choice';
import { createFromTemplate } from './templates/create-from-template';

type PageDraft = { handle: string; title: string };
const keptPageDrafts = createKeptDrafts<PageDraft>(createPage.name);

/** `/pages` lists the workspace's bio pages; `/pages/{id}` opens the builder; `/pages/leads[/{id}]` their sign-ups. */
const NO_PAGES: PageView[] = [];

export default function PagesScreen({ rest }: { rest: string[] }) {
  const rep = useRep();
  const { workspace, can } = useWorkspace();
  const ws = workspace.id;
  const open = rest[0] ?? '';
  // null until the store first answers: no "No bio pages yet." flashes before the rows.
  const loaded = useSubscribe<PageView[] | null>((tx) => listPages(tx, ws), null, [ws]);
  const pages = loaded ?? NO_PAGES;
  // undefined until the store answers, so "not in this workspace" never flashes before the builder.
  const page = useSubscribe<PageView | null | undefined>(
    // A page of another workspace (the back button after a switch) is not opened here.
    async (tx) => {
      const found = open ? await getPage(tx, open) : null;
      return found && found.workspace_id === ws ? found : null;
    },
    undefined,
    [open, ws],
  );
  const blocks = useSubscribe((tx) => (open ? listBlocks(tx, open) : Promise.resolve([])), [], [open]);
  const notices = useSubscribe((tx) => listNotices(tx), [], []);
  const refused = open && page === null ? keptPageDrafts.refused(open, notices) : null;
  const missing = open !== '' && open !== 'leads' && page === null && refused === null;
  const [typed, setTyped] = useState<PageDraft>({ handle: '', title: '' });
  // The first-step button of an empty workspace takes the person into this form.
  const newPageForm = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [template, setTemplate] = useState('');
  // A refused create brings back what was typed, with the server's sentence.
  const [shownRefusal, setShownRefusal] = useState<string | null>(null);
  if (refused && shownRefusal !== open) {
    setShownRefusal(open);
    setTyped(refused.draft);
  }
  const { handle, title } = typed;
  const taken = handleTaken(pages, handle);

  const create = (e: FormEvent) => {
    e.preventDefault();
    if (taken) return setErrors({ handle: taken });
    const parsed = createPageArgs.safeParse({ id: uuidv7(), workspace_id: ws, handle, title });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    keptPageDrafts.keep(parsed.data.id, typed);
    void createFromTemplate(rep, parsed.data, template);
    navigate(`/pages/${parsed.data.id}`);
  };

  if (open === 'leads' && can('lead.list')) return <LeadsScreen pages={pages} pageId={rest[1] ?? null} />;
  if (page) {
    return (
      <>
        <button type="button" className="link" onClick={() => navigate('/pages')}>
          ← All pages
        </button>
        <OpeningHeading key={page.id}>@{page.handle}</OpeningHeading>
        <PageEditor key={page.id} page={page} blocks={blocks} />
      </>
    );
  }
  return (
    <>
      {missing && <MissingItem noun="bio page" listPath="/pages" listLabel="Back to pages" />}
      {refused && (
        <p className="error" role="alert">
          {refused.notice.message} What you typed is kept in the form below.
        </p>
      )}
      {can('bio_page.create') && (
        <form ref={newPageForm} className="panel toolbar" onSubmit={create} aria-label="New bio page">
          <Field
            label="Handle"
            value={handle}
            onChange={(v) => setTyped({ ...typed, handle: v })}
            error={errors.handle ?? taken ?? undefined}
            hint="Lower-case letters, digits, dots, dashes."
            required
          />
          <Field
            label="Title"
            value={title}
            onChange={(v) => setTyped({ ...typed, title: v })}
            error={errors.title}
          />
          <TemplateChoice value={template} onPick={setTemplate} />
          <button type="submit" className="primary" disabled={taken !== null}>
            Create page
          </button>
        </form>
      )}
      {can('lead.list') && pages.length > 0 && (
        <p className="row">
          <a
            href="/pages/leads"
            onClick={(e) => {
              e.preventDefault();
              navigate('/pages/leads');
            }}
          >
            Leads (sign-ups from your pages)
          </a>
        </p>
      )}
      {loaded === null ? null : pages.length === 0 ? (
        <FirstStep
          label="First bio page"
          sentence="A bio page gathers your links, socials and sign-up form on one page, for the link in your profile."
          action={can('bio_page.create') ? 'Create your first bio page' : null}
          onAct={() => newPageForm.current?.querySelector('input')?.focus()}
        />
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
              <span className={`badge ${p.published_revision === null ? 'paused' : ''}`}>
                {p.published_revision === null ? 'Draft' : 'Published'}
              </span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
