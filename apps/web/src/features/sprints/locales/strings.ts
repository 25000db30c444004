import type en from './en.json';

// Adds this feature's strings (./en.json) to TranslationKey; the build merges the files themselves.
declare module '@/shared/i18n/i18n' {
  interface FeatureStrings {
    sprints: typeof en;
  }
}
