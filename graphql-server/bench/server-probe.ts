// Loaded into the bench's server child (node --expose-gc --import tsx --import ./server-probe.ts
// src/server.ts), answers the bench over the IPC channel: memory after a full collection, the live
// WebSocket subscriptions (the server's own gauge), the event loop's delay, a heap snapshot on
// request, its garbage collections, and when the server wrote its WebSocket frames (`writes`: the server's own part of a
// delivery, without the bench client's reading of its sockets). The server itself knows nothing of it.
import { writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { constants, monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { writeHeapSnapshot } from 'node:v8';
import { WebSocket } from 'ws';
import { metricsRegistry } from '../src/lib/metrics';

export type ProbeCommand =
  | { type: 'stats'; gc?: boolean }
  | { type: 'snapshot'; path: string }
  | { type: 'loop-reset' }
  /** The bursts of frames written since the last call (and forgets them). */
  | { type: 'writes' }
  /**
   * Starts a profile of what follows: `cpu`, V8's sampling CPU profiler (as --cpu-prof); `allocations`,
   * its sampling heap profiler counting every allocation, also those collected since (the garbage that
   * makes the scavenges), where --heap-prof counts only what is still alive...
   */
  | { type: 'profile-start'; kind: ProfileKind }
  /** ...and writes it here (a .cpuprofile for Chrome DevTools' Performance tab, a .heapprofile for its Memory tab). */
  | { type: 'profile-stop'; kind: ProfileKind; path: string };
export type ProfileKind = 'cpu' | 'allocations';
export type ProbeRequest = ProbeCommand & { id: number };

export interface ProbeStats {
  rss: number;
  heapUsed: number;
  /** V8's committed heap (used or not): RSS beyond it is native memory (sockets, buffers, malloc). */
  heapTotal: number;
  external: number;
  arrayBuffers: number;
  /** graphql_websocket_subscribers: subscriptions live on sockets of this process. */
  subscribers: number;
  /** Event loop delay since the last loop-reset, ms. */
  loopDelayP99: number;
  loopDelayMax: number;
  /** Garbage collections since the last loop-reset: how many, and the main thread's pauses, ms. */
  gc: { minor: number; minorMs: number; major: number; majorMs: number };
}

/** Frames written one after the other (less than 2 ms apart): epoch ms of the first and the last. */
export interface WriteBurst {
  start: number;
  end: number;
  frames: number;
}
let bursts: WriteBurst[] = [];
let burst: WriteBurst | undefined;
// Every frame the server writes goes through WebSocket#send (pings do not); this costs a clock read.
const send = WebSocket.prototype.send;
WebSocket.prototype.send = function (this: WebSocket, ...args: Parameters<WebSocket['send']>) {
  const now = performance.timeOrigin + performance.now();
  if (!burst || now - burst.end > 2) {
    burst = { start: now, end: now, frames: 0 };
    bursts.push(burst);
    if (bursts.length > 100_000) bursts = bursts.slice(-50_000);
  }
  burst.end = now;
  burst.frames++;
  return send.apply(this, args);
} as WebSocket['send'];

const loop = monitorEventLoopDelay({ resolution: 10 });
loop.enable();

// Scavenges (the young generation) and mark-compacts (the whole heap: their marking also runs on V8's
// helper threads, whose CPU the bench sees in the process's and not in these pauses).
let collections = { minor: 0, minorMs: 0, major: 0, majorMs: 0 };
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    const kind = (entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind;
    if (kind === constants.NODE_PERFORMANCE_GC_MINOR) {
      collections.minor++;
      collections.minorMs += entry.duration;
    } else if (kind === constants.NODE_PERFORMANCE_GC_MAJOR) {
      collections.major++;
      collections.majorMs += entry.duration;
    }
  }
}).observe({ entryTypes: ['gc'] });

async function gaugeValue(name: string): Promise<number> {
  const metric = metricsRegistry.getSingleMetric(name);
  const values = (await metric?.get())?.values ?? [];
  return values.reduce((sum, sample) => sum + sample.value, 0);
}

async function stats(gc: boolean): Promise<ProbeStats> {
  if (gc && typeof globalThis.gc === 'function') {
    // Twice: the first pass may leave what only a second one frees (weak references, finalizers).
    globalThis.gc();
    await new Promise((resolve) => setImmediate(resolve));
    globalThis.gc();
  }
  const memory = process.memoryUsage();
  return {
    rss: memory.rss,
    heapUsed: memory.heapUsed,
    heapTotal: memory.heapTotal,
    external: memory.external,
    arrayBuffers: memory.arrayBuffers,
    subscribers: await gaugeValue('graphql_websocket_subscribers'),
    loopDelayP99: loop.percentile(99) / 1e6,
    loopDelayMax: loop.max / 1e6,
    gc: { ...collections },
  };
}

let inspector: Session | undefined;

async function profile(message: Extract<ProbeCommand, { type: 'profile-start' | 'profile-stop' }>) {
  if (message.type === 'profile-start') {
    inspector ??= new Session();
    inspector.connect();
    if (message.kind === 'cpu') {
      await inspector.post('Profiler.enable');
      await inspector.post('Profiler.start');
    } else {
      await inspector.post('HeapProfiler.enable');
      await inspector.post('HeapProfiler.startSampling', {
        samplingInterval: 16_384,
        includeObjectsCollectedByMajorGC: true,
        includeObjectsCollectedByMinorGC: true,
      });
    }
    return null;
  }
  if (!inspector) throw new Error('no profile started');
  const { profile: recorded } =
    message.kind === 'cpu' ? await inspector.post('Profiler.stop') : await inspector.post('HeapProfiler.stopSampling');
  inspector.disconnect();
  inspector = undefined;
  await writeFile(message.path, JSON.stringify(recorded));
  return message.path;
}

process.on('message', (message: ProbeRequest) => {
  void (async () => {
    let result: unknown;
    if (message.type === 'stats') result = await stats(message.gc ?? false);
    else if (message.type === 'snapshot') result = writeHeapSnapshot(message.path);
    else if (message.type === 'profile-start' || message.type === 'profile-stop') result = await profile(message);
    else if (message.type === 'writes') {
      result = bursts;
      bursts = [];
      burst = undefined;
    } else {
      loop.reset();
      collections = { minor: 0, minorMs: 0, major: 0, majorMs: 0 };
      result = null;
    }
    process.send?.({ id: message.id, result });
  })();
});
