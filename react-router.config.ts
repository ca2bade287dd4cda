import type { Config } from '@react-router/dev/config';

export default {
  ssr: true,
  future: {
    // Route middleware runs the auth guard named in the route table (see app/i18n/route-table.ts).
    v8_middleware: true,
    v8_passThroughRequests: true,
  },
} satisfies Config;
