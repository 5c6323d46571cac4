// Registered by the plugin as a setup file, so the matchers exist in every test file.
import './matchers.ts'
