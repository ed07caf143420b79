import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

// Explicit route table (DESIGN §3): the URL map of SPEC §2 grows here.
export default [
  layout("routes/site/layout.tsx", [index("routes/site/home.tsx")]),
  route("*", "routes/site/not-found.tsx"),
] satisfies RouteConfig;
