import type { Config } from "@react-router/dev/config";

// React Router 8: the v7 future flags this project had adopted (middleware,
// split route modules, the Vite environment API, raw requests, trailing-slash
// aware data requests) are now always on.
export default {
  ssr: true,
} satisfies Config;
