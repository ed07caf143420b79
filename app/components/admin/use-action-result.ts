import { useState } from "react";
import { useActionData, useNavigation } from "react-router";

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
