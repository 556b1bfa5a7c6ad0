import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './locales/en.json';
import { mergeLocales } from './merge';

/**
 * Feature texts live beside the core files, one file per feature and language: locales/en/<feature>.json and
 * locales/de/<feature>.json, each holding its own top-level sections (merged here; a section named twice fails
 * the i18n spec). English (the default) is part of the start bundle; German is loaded when it is first needed
 * (a stored choice of German is loaded before the app renders: see `i18nReady`), so the /login bundle carries
 * one language only.
 */
const englishFeatures = import.meta.glob<Record<string, unknown>>('./locales/en/*.json', {
  eager: true,
  import: 'default',
});
const germanCore = () => import('./locales/de.json').then((m) => m.default as Record<string, unknown>);
const germanFeatures = import.meta.glob<Record<string, unknown>>('./locales/de/*.json', { import: 'default' });

export const LANGUAGES = ['en', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];
export const LANGUAGE_STORAGE_KEY = 'kanban.language';

export function isLanguage(value: unknown): value is Language {
  return value === 'en' || value === 'de';
}

/** The language kept in browser storage; English by default (spec 1). */
export function storedLanguage(): Language {
  try {
    const value = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(value) ? value : 'en';
  } catch {
    return 'en';
  }
}

let german: Promise<void> | undefined;

/** Makes the texts of a language available (German: fetched once, then kept). */
export function loadLanguage(language: Language): Promise<void> {
  if (language === 'en') return Promise.resolve();
  german ??= (async () => {
    const [core, ...features] = await Promise.all([germanCore(), ...Object.entries(germanFeatures).map(async ([file, load]) => [file, await load()] as const)]);
    i18n.addResourceBundle('de', 'translation', mergeLocales(core as Record<string, unknown>, Object.fromEntries(features as (readonly [string, Record<string, unknown>])[]), 'de'), true, true);
  })();
  return german;
}

export function changeLanguage(language: Language): void {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // storage unavailable (private mode): the choice lasts for this page only
  }
  void loadLanguage(language).then(() => i18n.changeLanguage(language));
}

i18n.on('languageChanged', (language) => {
  document.documentElement.lang = language;
});

const initialLanguage = storedLanguage();

void i18n.use(initReactI18next).init({
  resources: {
    en: { translation: mergeLocales(en, englishFeatures, 'en') },
  },
  lng: 'en',
  partialBundledLanguages: true,
  fallbackLng: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});

/** Settles once the stored language's texts are there (main.tsx renders the app after it). */
export const i18nReady: Promise<void> = loadLanguage(initialLanguage)
  .then(() => i18n.changeLanguage(initialLanguage))
  .then(
    () => undefined,
    () => undefined, // German failed to load: the app starts in English
  );

export { i18n };
