// The Node.js the app runs on (docs/decisions/0057-the-project-brings-its-node.md). package.json pins
// the official Node.js 24 build for Linux on x64 and arm64 (optionalDependencies `node-linux-*`: npm
// installs the one for the machine and links it as node_modules/.bin/node, which every npm script
// finds first on its PATH). Where no such build is installed, the machine's Node.js runs the app.
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const installed = path.join(root, 'node_modules', '.bin', 'node');
const self = realpathSync(process.execPath);

/** The binary `npm start` runs the app with: the project's Node.js when installed, else this process's. */
export const projectNode = existsSync(installed) ? realpathSync(installed) : self;

/**
 * The version of `projectNode` ("v24.22.3"): the installed package's (its binary sits in
 * `<package>/bin/node`), read rather than asked, so that importing this module starts no process.
 */
export const projectNodeVersion =
  projectNode === self
    ? process.version
    : `v${JSON.parse(readFileSync(path.join(path.dirname(projectNode), '..', 'package.json'), 'utf8')).version}`;

/**
 * Whether this process runs the project's Node.js version: also true for an operator's own Node.js of
 * the same version (a container image's), for which `node_modules/.bin/node` would change nothing.
 */
export const onProjectNode = process.version === projectNodeVersion;
