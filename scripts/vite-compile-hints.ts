import type { Plugin } from "vite";

/**
 * Marks the framework's client chunks (React, React DOM, React Router) with
 * V8's explicit compile hint `//# allFunctionsCalledOnLoad` (Chrome 136+;
 * other browsers read a comment).
 *
 * V8 compiles a function lazily by default: the first call compiles it, on
 * the main thread. Hydration calls most of React DOM's and React Router's
 * functions for the first time, so that compiling happened inside the
 * hydration tasks. With the hint, V8 compiles the whole file while it streams
 * in, on a background thread, before any of it runs (decision 0017).
 *
 * Only chunks made entirely of those packages are marked: nearly all of
 * their code runs on every public page, while our own route modules are
 * small, and admin-only chunks would be compiled for nothing.
 */
export function compileHints(): Plugin {
  return {
    name: "seaside:compile-hints",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    // postBanner: after minification (which strips comments), before the
    // file names' hashes are computed.
    outputOptions(options) {
      return { ...options, postBanner: (chunk) => (isFrameworkChunk(chunk.moduleIds) ? COMPILE_HINT : "") };
    },
  };
}

export const COMPILE_HINT = "//# allFunctionsCalledOnLoad";

const FRAMEWORK_MODULE = /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/;

export function isFrameworkChunk(moduleIds: readonly string[]): boolean {
  // Vite's virtual helper modules (\0-prefixed) come along with any chunk.
  const real = moduleIds.filter((id) => !id.startsWith("\0"));
  return real.length > 0 && real.every((id) => FRAMEWORK_MODULE.test(id));
}
