// Types of chromium.mjs for playwright.config.ts.
export const SYSTEM_CHROMIUM: string | undefined;
export const CHROMIUM_ARGS: string[];
