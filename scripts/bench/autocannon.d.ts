// The part of autocannon 9 that load.mjs uses (the package ships no types; no @types package is installed).
declare module "autocannon" {
  export interface Request {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    setupRequest?: (request: Request) => Request;
  }
  export interface Histogram {
    average: number;
    p50: number;
    p99: number;
    max: number;
    total: number;
  }
  export interface Result {
    requests: Histogram;
    latency: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
  }
  export default function autocannon(options: {
    url: string;
    connections?: number;
    duration?: number;
    requests?: Request[];
    timeout?: number;
  }): Promise<Result>;
}
