// Open-loop load: requests start at a fixed arrival rate whether or not earlier ones have been
// answered, as independent visitors arrive, instead of each connection waiting for its answer
// before it asks again (closed loop, which slows down with the server and so hides its queue).
// Latency is counted from the moment a request was due, not from when a free connection sent it,
// so time spent waiting behind slow answers counts too.
import http from 'node:http';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { percentile, processCpuSeconds, roundMs } from './load.mjs';

/**
 * Sends GET `url` (with `headers`) `rate` times per second for `seconds`, over keep-alive
 * connections opened as needed (at most `maxConnections`). Resolves to the latency percentiles,
 * the arrival rate reached, errors, answers with another status than `status`, and the server's CPU
 * per request (`pid`).
 */
export async function openLoop({ url, headers = {}, status = 200, rate, seconds, pid, maxConnections = 256 }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: maxConnections });
  const target = new URL(url);
  const latencies = [];
  let errors = 0;
  let unexpected = 0;
  let inFlight = 0;
  let maxInFlight = 0;
  const interval = 1000 / rate;
  const total = Math.round(rate * seconds);
  const cpuBefore = processCpuSeconds(pid);
  const started = performance.now();

  const send = (dueAt) =>
    new Promise((resolve) => {
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      let settled = false;
      const settle = (answered) => {
        if (settled) return;
        settled = true;
        if (answered) latencies.push(performance.now() - dueAt);
        else errors++;
        inFlight--;
        resolve();
      };
      const request = http.get(
        { agent, host: target.hostname, port: target.port, path: target.pathname + target.search, headers },
        (response) => {
          response.resume();
          // 'close' comes after 'end', and also when the connection breaks off mid-answer.
          response.on('close', () => {
            if (response.complete && response.statusCode !== status) unexpected++;
            settle(response.complete);
          });
        },
      );
      request.on('error', () => settle(false));
    });

  // The load generator's own delays would count as the server's latency: its event loop is watched.
  const loopDelay = monitorEventLoopDelay({ resolution: 5 });
  loopDelay.enable();
  const pending = [];
  for (let sent = 0; sent < total;) {
    const now = performance.now();
    // Every request due by now goes out, even if the timer fired late.
    while (sent < total && started + sent * interval <= now) pending.push(send(started + sent++ * interval));
    if (sent < total) await sleep(Math.max(0, started + sent * interval - now));
  }
  await Promise.all(pending);
  loopDelay.disable();
  const elapsed = (performance.now() - started) / 1000;
  const cpuAfter = processCpuSeconds(pid);
  agent.destroy();

  const sorted = Float64Array.from(latencies).sort();
  return {
    rate,
    requests: total,
    achievedRate: Math.round(total / elapsed),
    latencyMs: {
      p50: roundMs(percentile(sorted, 50)),
      p90: roundMs(percentile(sorted, 90)),
      p99: roundMs(percentile(sorted, 99)),
      max: roundMs(sorted.at(-1)),
    },
    cpuMicrosPerRequest:
      cpuBefore === undefined || cpuAfter === undefined
        ? undefined
        : Math.round(((cpuAfter - cpuBefore) * 1e6) / total),
    maxInFlight,
    generatorDelayMaxMs: roundMs(loopDelay.max / 1e6),
    errors,
    unexpected,
  };
}
