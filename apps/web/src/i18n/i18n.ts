import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './locales/en.json';
import { mergeLocales } from './merge';

/**
 * Feature texts live beside the core files, one file per feature and language: locales/en/<feature>.json and
 * locales/de/<feature>.json, each holding its own top-level sections (merged here; a section named twice fails
 * the i18n spec). The English core (login, shell, errors) is part of the start bundle; the English feature texts
 * are fetched when the first signed-in page is about to show (`loadFeatureTexts`, awaited by the route guard), so
 * the public pages (/login) carry none of them. German is loaded when it is first needed (a stored choice of German
 * is loaded before the app renders: see `i18nReady`), core and features together.
 */
const englishFeatures = import.meta.glob<Record<string, unknown>>('./locales/en/*.json', { import: 'default' });
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

let englishFeatureTexts: Promise<void> | undefined;
let englishFeaturesLoaded = false;
/** set once a signed-in page asked for the feature texts: a later switch to English fetches the English ones first */
let featuresWanted = false;

function loadEnglishFeatures(): Promise<void> {
  englishFeatureTexts ??= (async () => {
    const features = await Promise.all(Object.entries(englishFeatures).map(async ([file, load]) => [file, await load()] as const));
    i18n.addResourceBundle('en', 'translation', mergeLocales({}, Object.fromEntries(features), 'en'), true, true);
    englishFeaturesLoaded = true;
  })();
  return englishFeatureTexts;
}

/** The feature texts (the signed-in pages') of the current language, fetched once (German brings them with its core). */
export function loadFeatureTexts(): Promise<void> {
  featuresWanted = true;
  return i18n.language === 'en' ? loadEnglishFeatures() : loadLanguage(i18n.language as Language);
}

/** Whether the current language's feature texts are there (the route guard shows a spinner until then). */
export function featureTextsReady(): boolean {
  return i18n.language !== 'en' || englishFeaturesLoaded;
}

export function changeLanguage(language: Language): void {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // storage unavailable (private mode): the choice lasts for this page only
  }
  const texts = language === 'en' ? (featuresWanted ? loadEnglishFeatures() : Promise.resolve()) : loadLanguage(language);
  void texts.then(() => i18n.changeLanguage(language));
}

i18n.on('languageChanged', (language) => {
  document.documentElement.lang = language;
});

const initialLanguage = storedLanguage();

void i18n.use(initReactI18next).init({
  resources: {
    en: { translation: mergeLocales(en, {}, 'en') },
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
