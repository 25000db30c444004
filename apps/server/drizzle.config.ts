import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // Every module keeps its own tables in <module>.schema.ts.
  schema: './src/modules/*/*.schema.ts',
  out: './drizzle',
  casing: 'snake_case',
});
