import { describe, expect, it } from "vitest";
import { isFrameworkChunk } from "./vite-compile-hints";

describe("isFrameworkChunk: which client chunks get V8's compile hint", () => {
  const nm = "/srv/site/node_modules";

  it("marks chunks made only of React, React DOM, React Router and the scheduler", () => {
    expect(isFrameworkChunk([`${nm}/react-dom/cjs/react-dom-client.production.js`, `${nm}/scheduler/cjs/scheduler.production.js`])).toBe(true);
    expect(isFrameworkChunk([`${nm}/react-router/dist/production/chunk-OB3PAWPO.mjs`])).toBe(true);
    expect(isFrameworkChunk([`${nm}/react/cjs/react-jsx-runtime.production.js`, "\0rolldown/runtime.js"])).toBe(true);
    // Windows paths
    expect(isFrameworkChunk(["C:\\site\\node_modules\\react\\index.js"])).toBe(true);
  });

  it("leaves our own modules, other packages and mixed chunks alone", () => {
    expect(isFrameworkChunk(["/srv/site/app/routes/site/home.tsx"])).toBe(false);
    expect(isFrameworkChunk([`${nm}/@dnd-kit/core/dist/core.esm.js`])).toBe(false);
    expect(isFrameworkChunk([`${nm}/react-dom/index.js`, "/srv/site/app/root.tsx"])).toBe(false);
    // Names that only start like the framework's
    expect(isFrameworkChunk([`${nm}/react-router-dom-extra/index.js`, `${nm}/react-is/index.js`])).toBe(false);
    expect(isFrameworkChunk(["\0rolldown/runtime.js"])).toBe(false);
    expect(isFrameworkChunk([])).toBe(false);
  });
});
