// Starts a server script as a child process and waits for it to report its URL over IPC. Yardsticks
// run on the app's Node.js, so that both sides of a comparison have the same runtime.
import { fork } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { root } from '../../scripts/build.mjs';
import { projectNode } from '../../scripts/runtime.mjs';

/**
 * @param {string} script  path of the child's entry module
 * @param {{ args?: string[], env?: NodeJS.ProcessEnv, logFile: string }} options
 *   The child's output goes to `logFile`, as a log collector would take it, so that the load
 *   generator in this process never spends time reading it.
 */
export async function startChild(script, { args = [], env = process.env, logFile }) {
  const log = openSync(logFile, 'a');
  const child = fork(script, args, { execPath: projectNode, cwd: root, env, stdio: ['ignore', log, log, 'ipc'] });
  closeSync(log);
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const url = await new Promise((resolve, reject) => {
    child.once('message', (message) => resolve(message.url));
    exited.then(({ code, signal }) =>
      reject(new Error(`${script} exited before listening (${signal ?? code}); see ${logFile}`)),
    );
  });
  return {
    url,
    pid: child.pid,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
