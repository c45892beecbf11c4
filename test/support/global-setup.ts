// Replaced by the server harness: migrates one PGlite template that test files clone.
export default function setup(): void {}
