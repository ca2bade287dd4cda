export interface ScratchDatabase {
  name: string;
  /** Connection string of the new database. */
  url: string;
  drop(): Promise<void>;
}

export function createScratchDatabase(
  serverUrl: string,
  prefix: string,
  options?: { template?: string },
): Promise<ScratchDatabase>;
export function deleteRedisKeys(redisUrl: string, prefix: string): Promise<void>;
