// Browser code that app/root.tsx ships as an inline script, as this file's
// text (imported with `?raw`), so that the development server and the
// production build send the same script: serializing a compiled function
// (Function.prototype.toString) gave the development server's SSR transform,
// with its `__vite_ssr_dynamic_import__`, and the page never hydrated.
// Everything above the function is left out of the page (app/root.tsx).
//
// Once the page has loaded and its first paint has been presented: add the
// module preloads a few per task (each costs the main thread ~1 ms on a slow
// phone, and a long task delays the first click), then evaluate the modules
// one per task in the order React Router lists them, dependencies first
// (decision 0012), then insert a copy of the module script kept in the
// template. The client entry is left to the module script: evaluating it
// hydrates, so without a known entry nothing is imported here. It refers to
// nothing outside itself.

/**
 * @param {string} id the template that keeps React Router's module script
 * @param {string[]} preloads the modules React Router lists
 * @param {string | null} entry the client entry among them
 * @param {number} latestMs start anyway this long after the HTML was parsed
 */
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- called by the inline script app/root.tsx builds
function startAfterFirstPaint(id, preloads, entry, latestMs) {
  const d = document;
  const nonce = d.currentScript?.nonce ?? "";
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    const template = d.getElementById(id);
    const inert = template instanceof HTMLTemplateElement ? template.content.querySelector("script") : null;
    if (!template?.parentNode || !inert) return;
    /** @type {(() => unknown)[]} */
    const steps = [];
    for (let i = 0; i < preloads.length; i += 4) {
      const batch = preloads.slice(i, i + 4);
      steps.push(() => {
        for (const href of batch) {
          const link = d.createElement("link");
          link.rel = "modulepreload";
          link.href = href;
          d.head.appendChild(link);
        }
      });
    }
    for (const href of entry ? preloads : []) {
      if (href !== entry) steps.push(() => import(href).catch(() => undefined));
    }
    steps.push(() => {
      const script = d.createElement("script");
      script.type = "module";
      if (nonce) script.nonce = nonce;
      script.textContent = inert.textContent;
      template.parentNode?.insertBefore(script, template.nextSibling);
    });
    const next = () => {
      void Promise.resolve(steps.shift()?.()).then(() => {
        if (steps.length) window.setTimeout(next, 0);
      });
    };
    next();
  };
  /** @type {Promise<void>} */
  const painted = new Promise((resolve) => {
    if (typeof PerformanceObserver === "undefined" || !PerformanceObserver.supportedEntryTypes?.includes("paint")) return resolve();
    new PerformanceObserver((list, observer) => {
      if (list.getEntriesByName("first-contentful-paint").length) {
        observer.disconnect();
        resolve();
      }
    }).observe({ type: "paint", buffered: true });
  });
  /** @type {Promise<void>} */
  const loaded = new Promise((resolve) => {
    if (d.readyState === "complete") resolve();
    else window.addEventListener("load", () => resolve(), { once: true });
  });
  void Promise.all([painted, loaded]).then(() => window.requestAnimationFrame(() => window.setTimeout(start, 0)));
  window.setTimeout(start, latestMs);
}
