import { navigate } from '../router/router';

/**
 * An address naming something this workspace does not hold (deleted, access changed, a link from
 * another workspace, mistyped): said so, instead of quietly showing the list as if it had opened.
 */
export function MissingItem({
  noun,
  listPath,
  listLabel,
}: {
  noun: string;
  listPath: string;
  listLabel: string;
}) {
  return (
    <div className="panel" role="alert">
      <p>This {noun} is not in this workspace: it may have been deleted, or your access to it changed.</p>
      <button type="button" onClick={() => navigate(listPath)}>
        {listLabel}
      </button>
    </div>
  );
}
