// A case file in TypeScript: `defineCase` types it, and plain Node (type stripping) loads it.
import { defineCase } from 'agentprobe'

export default defineCase({
  name: 'sidepanel-talks-to-worker',
  instruction: "Click the extension icon in the Chrome toolbar, then click 'Open Sidepanel'.",
  successCriteria: 'The side panel reports that its service worker answered',
  maxSteps: 15,
  verification: {
    prompt: "Is the side panel open and showing 'Service worker: connected'?",
  },
})
