import { Link } from "react-router";
import { ADMIN } from "~/i18n/admin";

/**
 * The dashboard's block about removed photos (decision 0031): the orphan
 * sweep's halt, when its safety valve stopped it, and the way to the trash.
 */
export function PhotoTrashNotice({ count, halted }: { count: number; halted: { wouldRemove: number; total: number } | null }) {
  const T = ADMIN.trash;
  return (
    <section aria-labelledby="photo-trash" className="min-w-0 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200" data-testid="photo-trash">
      <h2 id="photo-trash" className="text-lg font-semibold">
        {T.title}
      </h2>
      {halted ? (
        <p role="alert" className="mt-3 rounded-lg bg-red-50 p-3 text-sm text-red-900 ring-1 ring-red-200" data-testid="sweep-halted">
          {T.sweepHalted(halted.wouldRemove, halted.total)}
        </p>
      ) : null}
      <p className="mt-3 text-sm text-slate-600">{T.count(count)}</p>
      <Link to="/admin/trash" className="mt-1 inline-flex min-h-11 items-center text-sm font-medium text-sea-700 underline">
        {T.link}
      </Link>
    </section>
  );
}
