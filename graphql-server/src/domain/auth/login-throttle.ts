// Password guessing is slowed, never turned into a lockout of the owner. Failures are counted per
// account (the user behind a username or an e-mail alike; an unknown login by its text) and per client
// IP + account. After `freeFailures` failures from one IP, each further attempt on that account from
// that IP waits a delay doubling up to `maxDelayMs`; failures from every IP together (past
// `accountFreeFailures`) set a floor to that delay, so spreading guesses over addresses does not make
// them free either. Attempts are spaced (a slot is reserved before the password is checked), so
// parallel guesses queue instead of multiplying; one that would wait longer than `maxWaitMs` is
// refused at once (429). A correct password ends the delay for that IP + account. In process memory,
// like the per-IP login limit.

export interface LoginThrottleOptions {
  freeFailures: number;
  accountFreeFailures: number;
  baseDelayMs: number;
  maxDelayMs: number;
  maxWaitMs: number;
  /** Failures older than this (counted from the last one) are forgotten. */
  windowMs: number;
}

export const LOGIN_THROTTLE_DEFAULTS: LoginThrottleOptions = {
  freeFailures: 5,
  accountFreeFailures: 20,
  baseDelayMs: 1000,
  maxDelayMs: 16_000,
  maxWaitMs: 20_000,
  windowMs: 15 * 60 * 1000,
};

interface Entry {
  failures: number;
  lastFailureAt: number;
  /** The earliest start of the next attempt. */
  nextAt: number;
}

export type Admission = { admitted: true; waitMs: number } | { admitted: false; retryAfterMs: number };

export class LoginThrottle {
  private readonly pairs = new Map<string, Entry>();
  private readonly accounts = new Map<string, Entry>();

  constructor(
    private readonly options: LoginThrottleOptions = LOGIN_THROTTLE_DEFAULTS,
    private readonly now: () => number = Date.now,
  ) {}

  private delayFor(failures: number, free: number): number {
    if (failures < free) return 0;
    return Math.min(this.options.baseDelayMs * 2 ** (failures - free), this.options.maxDelayMs);
  }

  private entry(map: Map<string, Entry>, key: string, create: boolean): Entry | undefined {
    const t = this.now();
    let found = map.get(key);
    if (found && t - found.lastFailureAt > this.options.windowMs && found.nextAt <= t) {
      map.delete(key);
      found = undefined;
    }
    if (!found && create) {
      if (map.size > 50_000) this.prune(map, t);
      found = { failures: 0, lastFailureAt: t, nextAt: 0 };
      map.set(key, found);
    }
    return found;
  }

  private prune(map: Map<string, Entry>, t: number) {
    for (const [key, entry] of map) if (t - entry.lastFailureAt > this.options.windowMs) map.delete(key);
  }

  private currentDelay(account: string, ip: string): number {
    const pair = this.entry(this.pairs, `${account}|${ip}`, false);
    const all = this.entry(this.accounts, account, false);
    return Math.max(
      this.delayFor(pair?.failures ?? 0, this.options.freeFailures),
      this.delayFor(all?.failures ?? 0, this.options.accountFreeFailures),
    );
  }

  /** Reserves the next attempt of this IP on this account: how long to wait first, or a refusal. */
  admit(account: string, ip: string): Admission {
    const delay = this.currentDelay(account, ip);
    if (delay === 0) return { admitted: true, waitMs: 0 };
    const t = this.now();
    const pair = this.entry(this.pairs, `${account}|${ip}`, true) as Entry;
    const start = Math.max(t, pair.nextAt);
    if (start - t > this.options.maxWaitMs) return { admitted: false, retryAfterMs: start - t };
    pair.nextAt = start + delay;
    return { admitted: true, waitMs: start - t };
  }

  fail(account: string, ip: string): void {
    const t = this.now();
    for (const [map, key] of [
      [this.pairs, `${account}|${ip}`],
      [this.accounts, account],
    ] as const) {
      const entry = this.entry(map, key, true) as Entry;
      entry.failures += 1;
      entry.lastFailureAt = t;
    }
  }

  succeed(account: string, ip: string): void {
    this.pairs.delete(`${account}|${ip}`);
  }
}
