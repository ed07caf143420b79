import { useEffect, useState } from "react";
import { useActionData, useLocation, useNavigation } from "react-router";
import { ADMIN } from "~/i18n/admin";

/**
 * `useActionData` that survives the live updates' data reloads: React Router
 * clears the action's answer on every revalidation, so a list page's notice
 * ("Локация удалена") or error banner vanished a moment after it appeared —
 * the save's own change event triggers one. The answer is kept until the
 * administrator navigates or submits again.
 */
export function useActionResult<T>(): ReturnType<typeof useActionData<T>> {
  const data = useActionData<T>();
  const navigation = useNavigation();
  const [kept, setKept] = useState(data);
  if (navigation.state !== "idle") {
    if (kept !== undefined) setKept(undefined);
    return data;
  }
  if (data !== undefined && data !== kept) setKept(data);
  return data ?? kept;
}

/**
 * «Сохранено» on a list reached by a good save (issue 30; the loader's
 * `saved`, app/web/admin-saved.server.ts): kept through the live updates'
 * reloads, gone at the next navigation or form post.
 */
export function useSavedNotice(saved: boolean): string | null {
  const navigation = useNavigation();
  const [shown, setShown] = useState(saved);
  if (navigation.state !== "idle") {
    if (shown) setShown(false);
  } else if (saved && !shown) setShown(true);
  return shown ? ADMIN.savedNotice : null;
}

/**
 * A checked file's answer (the CSV imports): the last one stays on screen
 * through the live updates' reloads, which clear React Router's action data
 * and would take the check's rows away while the administrator reads them —
 * even while a later post (the import) is under way; a navigation (a new
 * location key) starts afresh.
 */
export function useLastAnswer<T>(answer: T | undefined): T | undefined {
  const { key } = useLocation();
  const [result, setResult] = useState(answer);
  useEffect(() => setResult(answer), [key]); // only on a navigation: the answer is read, not watched, here
  useEffect(() => {
    if (answer) setResult(answer);
  }, [answer]);
  return result;
}
