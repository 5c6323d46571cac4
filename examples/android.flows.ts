// The Android example's instruction and question, shared with cases/mobile-flow.yaml's wording.
export const SIGN_IN = "Type 'demo' into the 'Username' field, then type 'demo' into the 'Password' field, then tap 'Sign in'."
export const HOME_GREETS = "Does the screen show 'Welcome, demo' above the notes?"
