// `npx playwright test` from the root: the browser suites' configuration lives beside them.
export { default } from './tests/browser/playwright.config';
