import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { renderToPipeableStream } from "react-dom/server";
import { isRouteErrorResponse, ServerRouter, type EntryContext, type HandleErrorFunction, type RouterContextProvider } from "react-router";
import { NonceContext } from "./components/nonce";
import { requestInfo } from "./context";
// Pages in both languages are rendered here: both languages' texts (app/i18n/index.ts).
import "./i18n/all";
import { log, loggedPath } from "./platform/log.server";

export const streamTimeout = 5_000;

/**
 * Errors of loaders, actions and rendering, through the one logger. A 4xx the
 * router answers itself (a POST to a page without an action, such as `/`
 * without `?index`: 405) is the client's mistake, not the server's: one short
 * line without a stack. A request the client gave up on is not logged.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) {
    log.warn(`${request.method} ${loggedPath(new URL(request.url).pathname)}: ${error.status} ${error.statusText}`);
    return;
  }
  log.error("Request failed:", isRouteErrorResponse(error) && (error as { error?: unknown }).error ? (error as { error?: unknown }).error : error);
};

/**
 * Renders complete HTML before answering (onAllReady): every public page must
 * arrive whole for search engines, link previews and slow phones (DESIGN §1).
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    responseHeaders.set("Content-Type", "text/html; charset=utf-8");
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const { nonce } = loadContext.get(requestInfo);

  return new Promise<Response>((resolve, reject) => {
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        onAllReady() {
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          log.error("Rendering failed:", error);
        },
      },
    );
  });
}
