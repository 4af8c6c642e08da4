// Types of check-node.mjs for the TypeScript tests.
/** Whether `version` satisfies an engines range of `^X.Y.Z` and `>=X.Y.Z` alternatives. */
export function satisfies(version: string, range: string): boolean;
