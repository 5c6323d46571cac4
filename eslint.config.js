import tseslint from 'typescript-eslint'

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'artifacts/', '.vitest/', 'fixtures/extensions/', 'fixtures/repos/', 'fixtures/.generated/', 'examples/jest/.mutants/'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-imports': ['error', { patterns: [{ regex: '^vitest(/|$)', message: 'Only src/vitest/ imports vitest (DESIGN §2).' }] }],
    },
  },
  {
    // provider-sdks.ts imports them on first use: 0.7 CPU-s a process that a keyless run never needs.
    files: ['src/**'],
    ignores: ['src/models/provider-sdks.ts', '**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { paths: ['openai', '@anthropic-ai/sdk', '@google/genai'].map((name) => ({ name, allowTypeImports: true, message: 'Import provider SDKs through src/models/provider-sdks.ts, on first use.' })) }],
    },
  },
  {
    files: ['src/vitest/**', '**/*.test.ts', '**/vitest.config.ts', 'examples/**', 'scripts/suite-times.ts', 'scripts/file-cpu.ts', 'test/unit-temp-dir.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
)
