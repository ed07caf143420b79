import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // Every route's manifest in one hashed, cached file instead of a
  // `/__manifest` request per page view (docs/decisions/0013).
  routeDiscovery: { mode: "initial" },
  future: {
    v8_middleware: true,
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config;
