import { useEffect, useRef } from "react";
import { useFetchers, useNavigation, useRevalidator } from "react-router";

/** While the server cannot be reached, it is asked again this often (the change stream's own reconnect may come first). */
const RETRY_MS = 5_000;
/** While the page is busy with the administrator's own navigation or save, a refresh checks again this often. */
const IDLE_CHECK_MS = 250;

/**
 * Keeps the admin pages live (DESIGN §9): the server's change stream
 * (/admin/events, Server-Sent Events) says a table changed; the page then
 * reloads its data, so the unread badge and the lists follow without a
 * reload. Bursts are folded into one refresh.
 *
 * A data reload that fails replaces the page with the error screen (and
 * whatever the administrator was typing or uploading with it), so a refresh
 * only starts when the server answers (a HEAD /healthz): when the stream
 * outlives the server's reachability (a restart, a network that drops new
 * connections, the browser going offline) it asks again every few seconds,
 * and at once on 'online'. navigator.onLine is not consulted: Chromium says
 * false whenever no interface but loopback is up, although a server on the
 * same machine (or the one that has just sent the event) answers.
 *
 * A refresh never interrupts the administrator's own work: while a
 * navigation, a form submission or a fetcher is under way it waits, and runs
 * once they are done (a reload started mid-navigation would cancel that
 * navigation's requests, and React Router reports the cancelled loads as
 * unhandled AbortErrors).
 */
export function useLiveUpdates() {
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const busy = navigation.state !== "idle" || revalidator.state !== "idle" || fetchers.some((f) => f.state !== "idle");
  // The revalidator object changes on every render; the stream must not.
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const busyNow = useRef(busy);
  busyNow.current = busy;

  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    const source = new EventSource("/admin/events");
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A refresh is owed and waits for the server to answer.
    let waiting = false;
    let closed = false;
    const reloadWhenIdle = () => {
      if (closed) return;
      if (busyNow.current) {
        timer = setTimeout(reloadWhenIdle, IDLE_CHECK_MS);
        return;
      }
      revalidate.current().catch(() => undefined);
    };
    const refresh = () => {
      clearTimeout(timer);
      waiting = true;
      timer = setTimeout(async () => {
        if (!(await serverAnswers()) || closed) {
          if (!closed) timer = setTimeout(refresh, RETRY_MS);
          return;
        }
        waiting = false;
        reloadWhenIdle();
      }, 250);
    };
    // "ready" comes again after a reconnect: changes may have been missed meanwhile.
    let connected = false;
    source.addEventListener("ready", () => {
      if (connected) refresh();
      connected = true;
    });
    source.addEventListener("change", refresh);
    source.addEventListener("changes", refresh);
    const online = () => {
      if (waiting) refresh();
    };
    window.addEventListener("online", online);
    return () => {
      closed = true;
      clearTimeout(timer);
      window.removeEventListener("online", online);
      source.close();
    };
  }, []);
}

/** The health check (a database ping): true when a data reload can succeed now. */
async function serverAnswers(): Promise<boolean> {
  try {
    const response = await fetch("/healthz", { method: "HEAD", cache: "no-store" });
    return response.ok;
  } catch {
    return false;
  }
}
