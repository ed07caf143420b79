import type { ShouldRevalidateFunctionArgs } from "react-router";

/**
 * shouldRevalidate of the admin edit forms (/admin/…/edit/{id}). The live
 * updates (DESIGN §9) reload every open page's data after any change; on an
 * edit form whose property or location was just deleted elsewhere, that
 * reload would meet SPEC §2's "unknown id goes back to the list" and take
 * the administrator away from the form, and what they typed with it. So an
 * open edit form does not reload its own data on a live update (the layout
 * still does: badge, session); saving then says what happened (the action's
 * "gone" answer, a 404, after which React Router reloads nothing).
 */
export function editFormShouldRevalidate({ currentParams, currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs): boolean {
  const liveReload = formMethod === undefined && currentUrl.href === nextUrl.href;
  if (currentParams.id && liveReload) return false;
  return defaultShouldRevalidate;
}
