// Load generation with autocannon, in the benchmark process. The servers being compared are loaded
// in turns: after a warm-up of a number of requests each, the measured time is cut into rounds, and
// every round loads each server once, in alternating order, so that a change in the machine's other
// work during the run affects all of them alike instead of whichever happened to run at that moment.
import autocannon from 'autocannon';
import { readFileSync } from 'node:fs';

export const settings = {
  connections: Number(process.env.BENCH_CONNECTIONS ?? 10),
  /** Measured seconds per server, over all rounds. */
  seconds: Number(process.env.BENCH_SECONDS ?? 10),
  /**
   * Requests every server answers before it is measured. V8 moves a function to its optimizing
   * compiler once it has run often enough, so a server is warm after a number of requests, not of
   * seconds: the app's login and floor page spend their first 2,500 to 4,000 requests compiling, at
   * up to twice their later CPU per request (docs/decisions/0055-warm-up-counted-in-requests.md).
   */
  warmupRequests: Number(process.env.BENCH_WARMUP_REQUESTS ?? 5000),
  rounds: Number(process.env.BENCH_ROUNDS ?? 5),
  pipelining: 1,
};

/** The load settings as the summary lists them. */
export const settingsForSummary = {
  connections: settings.connections,
  'seconds each': settings.seconds,
  'warm-up requests': settings.warmupRequests,
  pipelining: settings.pipelining,
  rounds: settings.rounds,
};

/** autocannon's option for how long a run lasts: `seconds`, or `amount` requests when that is given. */
export function runLength({ seconds, amount }) {
  return amount === undefined ? { duration: seconds } : { amount };
}

/**
 * One autocannon run of `target` ({ url, method?, headers?, body?, bodies?, status? }) for `seconds`,
 * or for `amount` requests: answers with the expected status (`status`, else any 2xx) count, and
 * their latencies are kept in full (ms, sub-millisecond) instead of autocannon's 1 ms buckets. With
 * `bodies`, the requests take them in turn (given as many bodies as connections, two requests in
 * flight seldom share one). Resolves to autocannon's result with `ok` and `unexpected` (answers with
 * another status) added.
 */
function run(target, { seconds, amount, latencies = [] }) {
  const isOk = target.status ? (status) => status === target.status : (status) => status >= 200 && status < 300;
  let ok = 0;
  let unexpected = 0;
  let sent = 0;
  const inTurn = target.bodies && {
    requests: [{ setupRequest: (request) => ({ ...request, body: target.bodies[sent++ % target.bodies.length] }) }],
  };
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: target.url,
        method: target.method ?? 'GET',
        headers: target.headers ?? {},
        ...(target.body === undefined ? {} : { body: target.body }),
        ...inTurn,
        connections: settings.connections,
        pipelining: settings.pipelining,
        ...runLength({ seconds, amount }),
      },
      (error, result) => (error ? reject(error) : resolve({ ...result, ok, unexpected })),
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (!isOk(statusCode)) unexpected++;
      else {
        ok++;
        latencies.push(responseTime);
      }
    });
  });
}

/** CPU seconds (user + system, all threads) a process has used so far, or undefined without /proc. */
export function processCpuSeconds(pid) {
  return cpuSecondsOf(`/proc/${pid}/stat`);
}

/**
 * CPU seconds of a process's main thread alone (its JavaScript, not the garbage collector's, the
 * compiler's or the thread pool's helper threads), or undefined without /proc.
 */
export function mainThreadCpuSeconds(pid) {
  return cpuSecondsOf(`/proc/${pid}/task/${pid}/stat`);
}

function cpuSecondsOf(statFile) {
  try {
    const stat = readFileSync(statFile, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime, fields 14 and 15 of proc(5), in clock ticks of 1/100 s.
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

export function percentile(sorted, p) {
  if (sorted.length === 0) return undefined;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** Milliseconds to two decimals. */
export const roundMs = (value) => (value === undefined ? undefined : Math.round(value * 100) / 100);

/**
 * Loads every target ({ key, url, pid } and the request options of `run`) in turns and returns, per
 * key: requests per second, latency percentiles, and CPU time per request of the server (`pid`; all
 * threads, and its main thread alone) and
 * of this load generator.
 */
export async function measureInTurns(targets, { onRound } = {}) {
  for (const target of targets) {
    if (settings.warmupRequests > 0) await run(target, { amount: settings.warmupRequests });
  }
  const totals = new Map(
    targets.map((target) => [
      target.key,
      {
        answered: 0,
        seconds: 0,
        errors: 0,
        unexpectedStatus: 0,
        bytes: 0,
        requests: 0,
        serverCpu: 0,
        mainThreadCpu: 0,
        driverCpu: 0,
        latencies: [],
      },
    ]),
  );
  let serverCpuKnown = true;
  let mainThreadCpuKnown = true;
  const roundSeconds = settings.seconds / settings.rounds;
  for (let round = 0; round < settings.rounds; round++) {
    const order = round % 2 === 0 ? targets : [...targets].reverse();
    for (const target of order) {
      const total = totals.get(target.key);
      const serverBefore = processCpuSeconds(target.pid);
      const mainThreadBefore = mainThreadCpuSeconds(target.pid);
      const driverBefore = process.cpuUsage();
      const result = await run(target, { seconds: roundSeconds, latencies: total.latencies });
      const driver = process.cpuUsage(driverBefore);
      const serverAfter = processCpuSeconds(target.pid);
      const mainThreadAfter = mainThreadCpuSeconds(target.pid);
      if (serverBefore === undefined || serverAfter === undefined) serverCpuKnown = false;
      else total.serverCpu += serverAfter - serverBefore;
      if (mainThreadBefore === undefined || mainThreadAfter === undefined) mainThreadCpuKnown = false;
      else total.mainThreadCpu += mainThreadAfter - mainThreadBefore;
      total.driverCpu += (driver.user + driver.system) / 1e6;
      total.answered += result.ok;
      total.seconds += result.duration || roundSeconds;
      total.errors += result.errors + result.timeouts;
      total.unexpectedStatus += result.unexpected;
      total.bytes += result.throughput.total;
      total.requests += result.requests.total;
    }
    onRound?.(round + 1);
  }

  const measured = {};
  for (const [key, total] of totals) {
    const sorted = Float64Array.from(total.latencies).sort();
    const perRequestMicros = (seconds) =>
      total.answered === 0 ? undefined : Math.round((seconds * 1e6) / total.answered);
    measured[key] = {
      requestsPerSecond: Math.round(total.answered / total.seconds),
      requestsTotal: total.answered,
      latencyMs: {
        p50: roundMs(percentile(sorted, 50)),
        p90: roundMs(percentile(sorted, 90)),
        p99: roundMs(percentile(sorted, 99)),
        max: roundMs(sorted.at(-1)),
      },
      cpuMicrosPerRequest: {
        server: serverCpuKnown ? perRequestMicros(total.serverCpu) : undefined,
        serverMainThread: mainThreadCpuKnown ? perRequestMicros(total.mainThreadCpu) : undefined,
        loadGenerator: perRequestMicros(total.driverCpu),
      },
      bytesPerResponse: total.requests > 0 ? Math.round(total.bytes / total.requests) : 0,
      errors: total.errors,
      unexpectedStatus: total.unexpectedStatus,
    };
  }
  return measured;
}

/** A measurement, unless a request failed or got an unexpected status: then the figures would lie. */
export function checked(label, result) {
  if (result.errors > 0 || result.unexpectedStatus > 0 || result.requestsTotal === 0) {
    throw new Error(
      `${label}: ${result.errors} errors, ${result.unexpectedStatus} other answers, ${result.requestsTotal} ok`,
    );
  }
  return result;
}
