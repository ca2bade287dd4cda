// What other features may use of bike reports and that is safe in the browser (docs/decisions/0025).
export { isTerminalPath, terminalBrands } from './terminal-paths';
