// The part of autocannon's API that bench/load.ts uses (the package ships no types; @types/autocannon is
// not installed).
declare module 'autocannon' {
  interface Options {
    url: string;
    method?: 'GET' | 'POST';
    body?: string;
    headers?: Record<string, string>;
    connections?: number;
    duration?: number;
    amount?: number;
  }
  interface Histogram {
    average: number;
    p50: number;
    p99: number;
    total: number;
  }
  interface Result {
    requests: Histogram;
    latency: Histogram;
    non2xx: number;
    errors: number;
  }
  export default function autocannon(options: Options): Promise<Result>;
}
