import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/db/schema/users.ts', './src/db/schema/profiles.ts'],
  out: './src/db/migrations',
});
