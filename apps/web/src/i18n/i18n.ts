import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import de from './locales/de.json';
import en from './locales/en.json';
import { mergeLocales } from './merge';

/**
 * Feature texts live beside the core files, one file per feature and language: locales/en/<feature>.json and
 * locales/de/<feature>.json, each holding its own top-level sections (merged here; a section named twice fails
 * the i18n spec).
 */
const featureFiles = import.meta.glob<Record<string, unknown>>('./locales/*/*.json', {
  eager: true,
  import: 'default',
});

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

export function changeLanguage(language: Language): void {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // storage unavailable (private mode): the choice lasts for this page only
  }
  void i18n.changeLanguage(language);
}

i18n.on('languageChanged', (language) => {
  document.documentElement.lang = language;
});

void i18n.use(initReactI18next).init({
  resources: {
    en: { translation: mergeLocales(en, featureFiles, 'en') },
    de: { translation: mergeLocales(de, featureFiles, 'de') },
  },
  lng: storedLanguage(),
  fallbackLng: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});

export { i18n };
