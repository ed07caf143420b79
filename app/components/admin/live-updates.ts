import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";

/**
 * Keeps the admin pages live (DESIGN §9): the server's change stream
 * (/admin/events, Server-Sent Events) says a table changed; the page then
 * reloads its data, so the unread badge and the lists follow without a
 * reload. Bursts are folded into one refresh.
 */
export function useLiveUpdates() {
  const revalidator = useRevalidator();
  // The revalidator object changes on every render; the stream must not.
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    const source = new EventSource("/admin/events");
    let timer: ReturnType<typeof setTimeout> | undefined;
    let missed = false;
    const refresh = () => {
      // Offline, a reload would fail and replace the page with the error
      // screen (mid-upload, say): catch up once the connection is back.
      if (!navigator.onLine) {
        missed = true;
        return;
      }
      clearTimeout(timer);
      // A navigation started meanwhile aborts the reload: that is fine, it loads fresh data itself.
      timer = setTimeout(() => revalidate.current().catch(() => undefined), 250);
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
      if (!missed) return;
      missed = false;
      refresh();
    };
    window.addEventListener("online", online);
    return () => {
      clearTimeout(timer);
      window.removeEventListener("online", online);
      source.close();
    };
  }, []);
}
