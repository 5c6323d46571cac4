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
    files: ['src/vitest/**', '**/*.test.ts', '**/vitest.config.ts', 'examples/**', 'scripts/suite-times.ts', 'scripts/file-cpu.ts', 'test/unit-temp-dir.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
)
