import { loadConfig } from '~/config/env.server';
import { createBackOfficeAdmin } from '~/services.server';

/**
 * `npm run backoffice:create-admin` (scripts/backoffice-create-admin.mjs): the configuration from the
 * environment, the admin created through the composition root; returns the text to print once.
 */
export async function createAdminFromEnvironment(
  env: NodeJS.ProcessEnv,
  input: { email: string; name: string; password?: string },
): Promise<string> {
  return (await createBackOfficeAdmin(loadConfig(env), input)).text;
}
