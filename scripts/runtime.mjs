// The Node.js the app runs on (docs/decisions/0057-the-project-brings-its-node.md). package.json pins
// the official Node.js 24 build for Linux on x64 and arm64 (optionalDependencies `node-linux-*`: npm
// installs the one for the machine and links it as node_modules/.bin/node, which every npm script
// finds first on its PATH). Where no such build is installed, the machine's Node.js runs the app.
import { spawnSync } from 'node:child_process';
import { existsSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const installed = path.join(root, 'node_modules', '.bin', 'node');

/** The binary `npm start` runs the app with: the project's Node.js when installed, else this process's. */
export const projectNode = existsSync(installed) ? realpathSync(installed) : process.execPath;

/** Whether this process is the project's Node.js (always, where the project brings none). */
export const onProjectNode = realpathSync(process.execPath) === projectNode;

let version = onProjectNode ? process.version : undefined;

/** The version of `projectNode` ("v24.22.3"), asked once. */
export function projectNodeVersion() {
  if (version) return version;
  const { stdout, error } = spawnSync(projectNode, ['--version'], { encoding: 'utf8' });
  if (error) throw new Error(`${projectNode} does not run (${error.message})`);
  version = stdout.trim();
  return version;
}
