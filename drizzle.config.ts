import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` writes SQL migrations into drizzle/ from the schema folder (one file per domain); the server applies them at start-up.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/platform/db/schema',
  out: './drizzle',
});
